import { useCallback, useRef, useState } from "react";
import { useShipperTranslation } from "./i18n";
import { useQuoteMutation, type QuoteInput } from "../../generated/shipper";
import { fieldErrors, NO_ERRORS, type FieldErrors } from "./fieldErrors";
import type { QuoteOption } from "./QuoteOptions";

const QUOTE_FIELD = /^(from|to)\.|^parcels/;

/**
 * Runs the quote mutation: the options, the message when no service fits (or noRates: none is priced yet), its errors by field
 * (from.*, to.*, parcels[i].*). An answer that arrives after a newer request started is dropped.
 */
export function useQuote() {
  const { t } = useShipperTranslation();
  const [mutate, { loading }] = useQuoteMutation();
  const [options, setOptions] = useState<QuoteOption[] | null>(null);
  const [message, setMessage] = useState("");
  /** No option because no prices are set yet (the server's rates_set false): the screen says what to do. */
  const [noRates, setNoRates] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const seq = useRef(0);

  const run = useCallback(
    async (input: QuoteInput): Promise<QuoteOption[] | null> => {
      const n = ++seq.current;
      try {
        const { data } = await mutate({ variables: { input } });
        if (n !== seq.current) return null;
        const list = data?.quote.options ?? [];
        const unpriced = !list.length && data?.quote.rates_set === false;
        setOptions(list);
        setNoRates(unpriced);
        setMessage(list.length ? "" : t(unpriced ? "quote.noRates" : "quote.noService"));
        setErrors(NO_ERRORS);
        return list;
      } catch (e) {
        if (n !== seq.current) return null;
        setOptions(null);
        setMessage("");
        setNoRates(false);
        setErrors(fieldErrors(t, e, (f) => QUOTE_FIELD.test(f)));
        return null;
      }
    },
    [mutate, t],
  );

  const clear = useCallback(() => {
    seq.current++;
    setOptions(null);
    setMessage("");
    setNoRates(false);
  }, []);

  return { run, clear, loading, options, message, noRates, errors };
}

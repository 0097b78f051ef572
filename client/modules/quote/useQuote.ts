import { useCallback, useRef, useState } from "react";
import { useShipperTranslation } from "./i18n";
import { useQuoteMutation, type QuoteInput } from "../../generated/shipper";
import { fieldErrors, NO_ERRORS, type FieldErrors } from "./fieldErrors";
import type { QuoteOption } from "./QuoteOptions";

const QUOTE_FIELD = /^(from|to)\.|^parcels/;

/**
 * Runs the quote mutation: the options, the server's message when no service fits, its errors by field
 * (from.*, to.*, parcels[i].*). An answer that arrives after a newer request started is dropped.
 */
export function useQuote() {
  const { t } = useShipperTranslation();
  const [mutate, { loading }] = useQuoteMutation();
  const [options, setOptions] = useState<QuoteOption[] | null>(null);
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const seq = useRef(0);

  const run = useCallback(
    async (input: QuoteInput): Promise<QuoteOption[] | null> => {
      const n = ++seq.current;
      try {
        const { data } = await mutate({ variables: { input } });
        if (n !== seq.current) return null;
        const list = data?.quote.options ?? [];
        setOptions(list);
        setMessage(list.length ? "" : t("quote.noService"));
        setErrors(NO_ERRORS);
        return list;
      } catch (e) {
        if (n !== seq.current) return null;
        setOptions(null);
        setMessage("");
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
  }, []);

  return { run, clear, loading, options, message, errors };
}

import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { errorMessages } from "../../errors";
import { controlText } from "../texts";

type Values = Record<string, string>;

/**
 * Form state for the control panel: string values keyed by wire name, the request cycle of
 * the request states (start clears errors and message; the response stores them) and `bind(name)`
 * giving an input its name, value and onChange.
 */
export function useFormState<T extends Values>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const bind = useCallback(
    (name: keyof T & string) => ({
      name,
      value: values[name] ?? "",
      // The server names the field first in each message ("tracking_code is required").
      "aria-invalid": errors.some((m) => m.startsWith(`${name} `)) || undefined,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        const v = e.target.value;
        setValues((old) => ({ ...old, [name]: v }));
      },
    }),
    [values, errors],
  );

  /** Runs one request: `fn` returns the success message (or nothing); thrown errors fill the red panel. */
  const submit = useCallback(
    (fn: () => Promise<string | void>) => async (e?: FormEvent) => {
      e?.preventDefault();
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      setErrors([]);
      setMessage("");
      try {
        const m = await fn();
        if (m) setMessage(m);
      } catch (err) {
        const msgs = errorMessages(err);
        setErrors(msgs.length ? msgs : [controlText("errors.generic") ?? "Something went wrong; please try again"]);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [],
  );

  return { values, setValues, bind, errors, setErrors, message, setMessage, busy, submit };
}

import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { MAX_TEXT } from "@shared/core/lengths.codes";
import { useVisitorContactMutation } from "../../generated/actions";
import { errorMessages } from "../../errors";

type ContactFields = { name: string; email: string; subject: string; body: string };
const EMPTY: ContactFields = { name: "", email: "", subject: "", body: "" };

/**
 * The visitor's contact form: checked here first, then sent with the GraphQL mutation
 * `contact`. Request state: fetching, errors, message.
 */
export function useContactForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<ContactFields>(EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Partial<Record<keyof ContactFields, boolean>>>({});
  const [message, setMessage] = useState("");
  const [send, { loading }] = useVisitorContactMutation();

  const set = (field: keyof ContactFields) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const validate = (): string[] => {
    const list: string[] = [];
    const bad: Partial<Record<keyof ContactFields, boolean>> = {};
    const req = (f: keyof ContactFields, key: string) => {
      if (!values[f].trim()) {
        list.push(t(key));
        bad[f] = true;
      }
    };
    req("name", "contact.nameRequired");
    req("email", "contact.emailRequired");
    if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
      list.push(t("contact.emailInvalid"));
      bad.email = true;
    }
    req("subject", "contact.subjectRequired");
    req("body", "contact.bodyRequired");
    for (const [f, label] of [
      ["name", "contact.name"],
      ["email", "contact.yourEmail"],
      ["subject", "contact.subject"],
    ] as const) {
      if (values[f].length > MAX_TEXT) {
        list.push(t("contact.tooLong", { field: t(label), max: MAX_TEXT }));
        bad[f] = true;
      }
    }
    setInvalid(bad);
    return list;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage("");
    const local = validate();
    setErrors(local);
    if (local.length) return;
    try {
      await send({
        variables: { input: { name: values.name.trim(), email: values.email.trim(), subject: values.subject.trim(), body: values.body } },
      });
      setMessage(t("contact.success"));
      setValues(EMPTY);
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };

  return { values, set, errors, invalid, message, loading, onSubmit };
}

/** The errors of a form or a row, one list item each, in the order given. */
export function ErrorList({ errors, className }: { errors: string[]; className?: string }) {
  return (
    <ul className={className}>
      {errors.map((e, i) => (
        <li key={i}>{e}</li>
      ))}
    </ul>
  );
}

/** A public page's red panel: a line saying what failed, then each error. */
export function ErrorAlert({ title, errors }: { title: string; errors: string[] }) {
  return (
    <div className="alert alert-error" role="alert">
      <p>{title}</p>
      <ErrorList errors={errors} />
    </div>
  );
}

import { ICON_PATHS } from "../iconPaths";

/** A Material icon drawn inline (no icon font or network request); decorative unless labelled. */
export function Icon({ name, size = 24, className, label }: { name: string; size?: number; className?: string; label?: string }) {
  const paths = ICON_PATHS[name] ?? ICON_PATHS.radio_button_unchecked;
  return (
    <svg
      className={`cp-icon${className ? ` ${className}` : ""}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
      focusable="false"
    >
      {paths.map((d, i) => (
        <path key={i} d={d} />
      ))}
    </svg>
  );
}

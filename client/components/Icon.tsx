import type { CSSProperties } from "react";

/**
 * A Material icon from its path data (components/icons.ts). Decorative by default; pass
 * `label` when the icon alone carries meaning.
 */
export function Icon({ path, size = 24, label, className, style }: { path: string; size?: number; label?: string; className?: string; style?: CSSProperties }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      style={style}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

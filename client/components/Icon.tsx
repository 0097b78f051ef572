import type { CSSProperties } from "react";

/**
 * The site's icon: a Material icon drawn inline from its path data (the generated sets
 * components/icons.ts, modules/parcel/icons.ts and control/icons.ts; client/tools/gen-icons.mjs), so no
 * icon font or image is fetched. Decorative by default; pass `label` when the icon alone carries meaning.
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

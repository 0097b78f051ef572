import type { ReactNode } from "react";

export interface ProofLike {
  receiver_name?: string | null;
  signature_url?: string | null;
  photo_url?: string | null;
  delivered_at: string;
  left_at?: string | null;
}

/** The signature and photo of a proof of delivery, side by side (they stack on a phone). */
export function ProofImages({
  proof,
  signatureAlt,
  photoAlt,
  className = "proof-images",
}: {
  proof: ProofLike;
  signatureAlt: string;
  photoAlt: string;
  className?: string;
}) {
  if (!proof.signature_url && !proof.photo_url) return null;
  const figure = (src: string, alt: string, caption: ReactNode, kind: string) => (
    <figure className={`proof-figure proof-${kind}`}>
      <a href={src} target="_blank" rel="noopener">
        <img src={src} alt={alt} loading="lazy" decoding="async" />
      </a>
      <figcaption>{caption}</figcaption>
    </figure>
  );
  return (
    <div className={className}>
      {proof.photo_url ? figure(proof.photo_url, photoAlt, photoAlt, "photo") : null}
      {proof.signature_url ? figure(proof.signature_url, signatureAlt, signatureAlt, "signature") : null}
    </div>
  );
}

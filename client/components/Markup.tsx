import { useTranslation } from "react-i18next";
import { parseMarkup, type MarkupNode } from "./parseMarkup";

function Node({ node }: { node: MarkupNode }) {
  const { t } = useTranslation();
  switch (node.kind) {
    case "break":
      return <br />;
    case "text":
      return (
        <p className="md-text" dir="auto">
          {node.text}
        </p>
      );
    case "bold":
      return (
        <p className="md-text" dir="auto">
          <strong>{node.text}</strong>
        </p>
      );
    case "underline":
      return (
        <p className="md-text" dir="auto">
          <u>{node.text}</u>
        </p>
      );
    case "strikethrough":
      return (
        <p className="md-text" dir="auto">
          <s>{node.text}</s>
        </p>
      );
    case "image":
      return (
        <figure className="md-media">
          <img src={node.src} alt={t("page.image")} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
        </figure>
      );
    case "video":
      return (
        <figure className="md-media">
          <video src={node.src} controls preload="metadata" playsInline />
        </figure>
      );
  }
}

/** Renders page markup (components/parseMarkup.ts) as React elements; never as raw HTML. */
export function Markup({ content }: { content: string }) {
  const nodes = parseMarkup(content);
  return (
    <div className="markup">
      {nodes.map((n, i) => (
        <Node key={i} node={n} />
      ))}
    </div>
  );
}

import { useEffect } from "react";
import { injectChatCode, useGraphReady, useSiteGraph } from "../../modules/graph/siteGraph";

/** The admin's chat code, injected once: only from the freshly loaded settings, never from the saved state. */
export function useChatCode(): void {
  const ready = useGraphReady();
  const code = useSiteGraph().settings?.chat_code;
  useEffect(() => {
    if (ready && code) injectChatCode(code);
  }, [ready, code]);
}

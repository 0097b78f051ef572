import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminCreatePageMutation, useAdminUpdatePageMutation, type AdminPageQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { textOrNull } from "../../hooks/values";
import { PAGE_DEFAULTS } from "@shared/modules/page/page.codes";

type Page = AdminPageQuery["page"];

/** Creates a page (icon people, hero hero-mixed, overlay overlay1 unless chosen) or edits `page`; then the list. */
export function usePageForm(page?: Page) {
  const { t } = useTranslation("control-pages");
  const form = useFormState({
    title: page?.title ?? "",
    sub_title: page?.sub_title ?? "",
    content: page?.content ?? "",
    icon: page?.icon || PAGE_DEFAULTS.icon,
    hero: page?.hero || PAGE_DEFAULTS.hero,
    overlay: page?.overlay || PAGE_DEFAULTS.overlay,
  });
  const [create] = useAdminCreatePageMutation();
  const [update] = useAdminUpdatePageMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const fields = { title: v.title.trim(), sub_title: textOrNull(v.sub_title) ?? "", content: v.content, icon: v.icon, hero: v.hero, overlay: v.overlay };
    if (page) await update({ variables: { input: { id: page.id, ...fields } } });
    else await create({ variables: { input: fields } });
    navigate("/control/pages/list.html", { state: { flash: t(page ? "updated" : "created", { title: fields.title }) } });
  });
  return { ...form, onSubmit };
}

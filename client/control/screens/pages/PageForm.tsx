import { useParams } from "react-router-dom";
import { Trans, useTranslation } from "react-i18next";
import { useAdminPageQuery, type AdminPageQuery } from "../../../generated/graphql";
import { FormStatus, SelectField, SubmitButton, TextAreaField, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { ListState } from "../../components/lists";
import { Icon } from "../../../components/Icon";
import { firstError, isNotFound } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { PAGE_HERO_OPTIONS, PAGE_ICON_OPTIONS } from "../../options";
import { PAGE_OVERLAYS } from "@shared/modules/page/page.codes";
import { heroImageUrl } from "../../../components/heroImages";
import { NotFoundCard } from "../NotFound";
import { usePageForm } from "./usePageForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";
import { pageIconPath } from "../../../components/pageIcons";

type Page = AdminPageQuery["page"];

const PAGES_NS = "control-pages";
/** The markup's directives as typed in a page (the parser's syntax, the same in every language). */
const DIRECTIVE = { image: "[image=url]", video: "[video=url]", bold: "[bold=text]", underline: "[underline=text]", strikethrough: "[strikethrough=text]" };
/** What a missing page is, for the not-found card (a key of the shell's texts). */
const MISSING = "page";

function MarkupHelp() {
  const { t } = useTranslation(PAGES_NS);
  const styled = { b: <strong />, u: <u />, s: <s /> };
  return (
    <Card title={t("markup.title")} className="cp-help">
      <p>{t("markup.intro")}</p>
      <dl className="cp-markup">
        <dt>
          <code>{DIRECTIVE.image}</code>
        </dt>
        <dd>{t("markup.image")}</dd>
        <dt>
          <code>{DIRECTIVE.video}</code>
        </dt>
        <dd>{t("markup.video")}</dd>
        <dt>
          <code>{DIRECTIVE.bold}</code>
        </dt>
        <dd>
          <Trans t={t} i18nKey="markup.bold" components={styled} />
        </dd>
        <dt>
          <code>{DIRECTIVE.underline}</code>
        </dt>
        <dd>
          <Trans t={t} i18nKey="markup.underline" components={styled} />
        </dd>
        <dt>
          <code>{DIRECTIVE.strikethrough}</code>
        </dt>
        <dd>
          <Trans t={t} i18nKey="markup.strikethrough" components={styled} />
        </dd>
      </dl>
      <p className="cp-muted cp-small">{t("markup.other")}</p>
    </Card>
  );
}

/** How the page's banner will look on the site: hero image, overlay, title and sub title. */
function HeroPreview({ title, subTitle, hero, overlay }: { title: string; subTitle: string; hero: string; overlay: string }) {
  const { t } = useTranslation(PAGES_NS);
  return (
    <figure className="cp-hero-figure">
      <figcaption className="cp-label">{t("preview")}</figcaption>
      <div className={`cp-hero-preview ${overlay}`} aria-hidden="true">
        <img src={heroImageUrl(hero)} alt="" />
        <div className="page-hero-overlay" />
        <div className="cp-hero-preview-text">
          <strong>{title || t("previewTitle")}</strong>
          {subTitle ? <span>{subTitle}</span> : null}
        </div>
      </div>
    </figure>
  );
}

function Form({ page }: { page?: Page }) {
  const { t } = useTranslation(PAGES_NS);
  const title = page ? t("editTitle") : t("add");
  useTitle(page ? t("editOf", { title: page.title }) : t("add"));
  const { bind, values, errors, busy, onSubmit } = usePageForm(page);
  const overlayOptions = PAGE_OVERLAYS.map((v) => ({ value: v, label: t(`overlay.${v}`, { name: v }) }));
  const [titleField, subTitleField, contentField, iconField, heroField, overlayField] = [
    bind("title"),
    bind("sub_title"),
    bind("content"),
    bind("icon"),
    bind("hero"),
    bind("overlay"),
  ];
  return (
    <div className="cp-container">
      <PageHeader
        title={title}
        icon={icons.pages}
        sub={
          page ? (
            <a href={`/pages/${encodeURIComponent(page.slug)}`} target="_blank" rel="noopener" className="cp-mono">
              {`/pages/${page.slug}`}
            </a>
          ) : (
            t("addressFromTitle")
          )
        }
        back="/control/pages/list.html"
        backLabel={t("back")}
      />
      <div className="cp-with-aside">
        <Card>
          <form className="cp-form" onSubmit={onSubmit} noValidate>
            <FormStatus errors={errors} />
            <TextField field={titleField} autoFocus={!page} />
            <TextField field={subTitleField} optional />
            <TextAreaField field={contentField} rows={14} maxLength={MAX_LENGTH.pageContent} />
            <div className="cp-field-row cp-field-row-3">
              <SelectField
                field={iconField}
                options={PAGE_ICON_OPTIONS}
                preview={
                  <span className="cp-select-preview cp-accent">
                    <Icon path={pageIconPath(values.icon)} size={24} />
                  </span>
                }
              />
              <SelectField field={heroField} options={PAGE_HERO_OPTIONS} />
              <SelectField field={overlayField} options={overlayOptions} />
            </div>
            <HeroPreview title={values.title} subTitle={values.sub_title} hero={values.hero} overlay={values.overlay} />
            <SubmitButton busy={busy}>{t("save")}</SubmitButton>
          </form>
        </Card>
        <MarkupHelp />
      </div>
    </div>
  );
}

export function PageCreate() {
  return <Form />;
}

export function PageEdit() {
  const slug = useParams().slug ?? "";
  const { data, loading, error } = useAdminPageQuery({ variables: { slug } });
  if (data?.page) return <Form key={data.page.id} page={data.page} />;
  if (isNotFound(error)) return <NotFoundCard what={MISSING} />;
  return (
    <div className="cp-container">
      <ListState loading={loading} error={firstError(error)} empty />
    </div>
  );
}

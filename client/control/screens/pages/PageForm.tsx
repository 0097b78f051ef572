import { useParams } from "react-router-dom";
import { useAdminPageQuery, type AdminPageQuery } from "../../../generated/graphql";
import { FormStatus, SelectField, SubmitButton, TextAreaField, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { ListState } from "../../components/lists";
import { Icon } from "../../../components/Icon";
import { firstError, isNotFound } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { PAGE_HERO_OPTIONS, PAGE_ICON_OPTIONS, PAGE_OVERLAY_OPTIONS } from "../../options";
import { heroImageUrl } from "../../../components/heroImages";
import { NotFoundCard } from "../NotFound";
import { usePageForm } from "./usePageForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";
import { pageIconPath } from "../../../components/pageIcons";

type Page = AdminPageQuery["page"];

function MarkupHelp() {
  return (
    <Card title="Content markup" className="cp-help">
      <p>One directive per line. The first directive on a line replaces the whole line; blank lines become breaks.</p>
      <dl className="cp-markup">
        <dt>
          <code>[image=url]</code>
        </dt>
        <dd>Shows the image at an http or https address.</dd>
        <dt>
          <code>[video=url]</code>
        </dt>
        <dd>Embeds the video at an http or https address.</dd>
        <dt>
          <code>[bold=text]</code>
        </dt>
        <dd>
          <strong>Bold</strong> text (letters, spaces and ? only).
        </dd>
        <dt>
          <code>[underline=text]</code>
        </dt>
        <dd>
          <u>Underlined</u> text (letters, spaces and ? only).
        </dd>
        <dt>
          <code>[strikethrough=text]</code>
        </dt>
        <dd>
          <s>Struck-through</s> text (letters, spaces and ? only).
        </dd>
      </dl>
      <p className="cp-muted cp-small">Any other line is shown as plain text.</p>
    </Card>
  );
}

/** How the page's banner will look on the site: hero image, overlay, title and sub title. */
function HeroPreview({ title, subTitle, hero, overlay }: { title: string; subTitle: string; hero: string; overlay: string }) {
  return (
    <figure className="cp-hero-figure">
      <figcaption className="cp-label">Banner preview</figcaption>
      <div className={`cp-hero-preview ${overlay}`} aria-hidden="true">
        <img src={heroImageUrl(hero)} alt="" />
        <div className="page-hero-overlay" />
        <div className="cp-hero-preview-text">
          <strong>{title || "Page title"}</strong>
          {subTitle ? <span>{subTitle}</span> : null}
        </div>
      </div>
    </figure>
  );
}

function Form({ page }: { page?: Page }) {
  const title = page ? "Edit Page" : "Add Page";
  useTitle(page ? `Edit ${page.title}` : "Add Page");
  const { bind, values, errors, busy, onSubmit } = usePageForm(page);
  return (
    <div className="cp-container">
      <PageHeader
        title={title}
        icon={icons.pages}
        sub={
          page ? (
            <a href={`/pages/${encodeURIComponent(page.slug)}`} target="_blank" rel="noopener" className="cp-mono">
              /pages/{page.slug}
            </a>
          ) : (
            "The address is made from the title."
          )
        }
        back="/control/pages/list.html"
        backLabel="Back to pages"
      />
      <div className="cp-with-aside">
        <Card>
          <form className="cp-form" onSubmit={onSubmit} noValidate>
            <FormStatus errors={errors} />
            <TextField field={bind("title")} autoFocus={!page} />
            <TextField field={bind("sub_title")} optional />
            <TextAreaField field={bind("content")} rows={14} maxLength={MAX_LENGTH.pageContent} />
            <div className="cp-field-row cp-field-row-3">
              <SelectField
                field={bind("icon")}
                options={PAGE_ICON_OPTIONS}
                preview={
                  <span className="cp-select-preview cp-accent">
                    <Icon path={pageIconPath(values.icon)} size={24} />
                  </span>
                }
              />
              <SelectField field={bind("hero")} options={PAGE_HERO_OPTIONS} />
              <SelectField field={bind("overlay")} options={PAGE_OVERLAY_OPTIONS} />
            </div>
            <HeroPreview title={values.title} subTitle={values.sub_title} hero={values.hero} overlay={values.overlay} />
            <SubmitButton busy={busy}>Save</SubmitButton>
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
  if (isNotFound(error)) return <NotFoundCard what="page" />;
  return (
    <div className="cp-container">
      <ListState loading={loading} error={firstError(error)} empty />
    </div>
  );
}

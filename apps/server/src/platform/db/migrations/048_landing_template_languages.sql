-- A landing template's texts in another language (issue 41, docs/i18n.md "The landing"): the
-- marketer keeps a translation beside the template, for the same campaign link (templateId); the
-- landing opened with that `lang` shows it, else the template's own texts. The brand, the banner,
-- the colours, the phone rule and the merchant are the template's in every language.
CREATE TABLE landing_template_texts (
  template_id        bigint NOT NULL REFERENCES landing_templates (id) ON DELETE CASCADE,
  lang               text NOT NULL CHECK (lang ~ '^[a-z]{2,3}$'),
  title              text NOT NULL,
  subtitle           text NOT NULL DEFAULT '',
  highlights         jsonb NOT NULL DEFAULT '[]',
  banner_alt         text NOT NULL,
  button_text        text NOT NULL,
  agreement_title    text NOT NULL,
  agreement_sections jsonb NOT NULL,
  PRIMARY KEY (template_id, lang)
);

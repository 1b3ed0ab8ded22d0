/**
 * The site's footer: who the lender is, its SEC registration and Certificate of Authority, how to reach it,
 * the grievance officer (from configuration; shown on every page, as the RBI asks of lenders in India), and
 * the disclosure advisory.
 */
import type { SiteConfig } from '@cashloan/contract/site';
import { mailtoHref, telHref } from '../../../shared/format/contact-links.ts';
import { t } from '../../../shared/i18n/texts.ts';
import styles from '../site.module.css';

export function SiteFooter({ config }: { config: SiteConfig }) {
  const { company, grievanceOfficer: officer } = config;
  const mail = mailtoHref(company.email);
  const tel = telHref(company.telephone);
  const officerMail = mailtoHref(officer.email);
  const officerTel = telHref(officer.telephone);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.footerName}>{company.name}</p>
        <dl className={styles.footerFacts} aria-label="Company information">
          <dt>Corporate name</dt>
          <dd>{company.corporateName}</dd>
          <dt>SEC Registration No.</dt>
          <dd>{company.secRegistrationNo}</dd>
          <dt>Certificate of Authority No.</dt>
          <dd>{company.certificateOfAuthorityNo}</dd>
          <dt>Address</dt>
          <dd>{company.address}</dd>
          <dt>E-mail</dt>
          <dd>{mail ? <a href={mail}>{company.email}</a> : company.email}</dd>
          <dt>Telephone</dt>
          <dd>{tel ? <a href={tel}>{company.telephone}</a> : company.telephone}</dd>
          <dt>Grievance officer</dt>
          <dd>{officer.name}</dd>
          <dt>Grievance officer e-mail</dt>
          <dd>{officerMail ? <a href={officerMail}>{officer.email}</a> : officer.email}</dd>
          <dt>Grievance officer telephone</dt>
          <dd>{officerTel ? <a href={officerTel}>{officer.telephone}</a> : officer.telephone}</dd>
        </dl>
        <p className={styles.advisory}>
          <strong>Read the Disclosure Statement before you borrow.</strong> It shows the amount you will receive, every interest charge and
          fee, the total you will repay and your due dates. Borrow only what you can repay on time.
        </p>
        <p className={styles.fineprint}>
          {t('{name} is operated by {lender}, a lending company registered with the Securities and Exchange Commission of the Philippines.', {
            name: company.name,
            lender: company.corporateName,
          })}
        </p>
      </div>
    </footer>
  );
}

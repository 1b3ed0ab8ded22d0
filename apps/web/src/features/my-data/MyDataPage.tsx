/**
 * /myData (ours, issue 39; docs/privacy.md): the borrower's data rights on one screen. Their consents
 * by purpose, each with a switch; who receives their data; everything we hold as a JSON file or a PDF;
 * and their requests to correct or erase it, each with a reference and the date we answer by. Linked
 * from customer service (/beSeats) and the privacy policy (/maySimilar).
 */
import type { MyData } from '@cashloan/contract/my-data';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { LoadFailure } from '../../shared/ui/LoadFailure.tsx';
import { fetchMyDataJson, fetchMyDataPdf, useMyData } from './api.ts';
import { ConsentList } from './components/ConsentList.tsx';
import { DataRequests } from './components/DataRequests.tsx';
import { NoticesSection } from './components/NoticesSection.tsx';
import { DownloadButton } from '../../shared/ui/DownloadButton.tsx';
import frame from '../../shared/ui/page-frame.module.css';
import styles from './my-data.module.css';

export const MY_DATA_TITLE = 'My data';
/** What a failed download of the borrower's data says before its reason. */
export const DATA_DOWNLOAD_FAILED = 'Could not download your data';

export default function MyDataPage() {
  usePageTitle(MY_DATA_TITLE);
  const { state, retry } = useMyData();
  return (
    <main className={frame.page}>
      <h1 className={frame.titleAboveIntro}>{MY_DATA_TITLE}</h1>
      <p className={styles.intro}>What we hold about you, what we use it for, and who receives it. You decide what you agree to.</p>
      {state.status === 'loading' && <Loading text="Loading your data…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <MyDataSections data={state.data} />}
    </main>
  );
}

function MyDataSections({ data }: { data: MyData }) {
  return (
    <>
      {data.notices.length > 0 && <NoticesSection notices={data.notices} />}
      <section className={styles.section} aria-labelledby="my-data-consents">
        <h2 id="my-data-consents" className={styles.sectionTitle}>
          Your consents
        </h2>
        <p className={styles.intro}>Each switch takes effect at once. Turning one off withdraws your consent to that use.</p>
        <ConsentList consents={data.consents} />
      </section>

      <section className={styles.section} aria-labelledby="my-data-recipients">
        <h2 id="my-data-recipients" className={styles.sectionTitle}>
          Who receives your data
        </h2>
        {data.recipients.length === 0 ? (
          <p className={styles.intro}>We have not shared your data with anyone.</p>
        ) : (
          <ul className={styles.list}>
            {data.recipients.map((recipient, index) => (
              <li key={`${index}-${recipient.name}`} className={styles.card}>
                <h3 className={styles.itemTitle}>{recipient.name}</h3>
                <p className={styles.text}>
                  <strong>{'What:'} </strong>
                  {recipient.what}
                </p>
                <p className={styles.text}>
                  <strong>{'Why:'} </strong>
                  {recipient.why}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby="my-data-download">
        <h2 id="my-data-download" className={styles.sectionTitle}>
          Download your data
        </h2>
        <p className={styles.intro}>
          Everything we hold about you: your profile, bound accounts, loans and payments, documents, complaints, the messages we sent you and your
          consents.
        </p>
        <DownloadButton label="Download as JSON" fill="outline" failedText={DATA_DOWNLOAD_FAILED} load={fetchMyDataJson} />
        <DownloadButton label="Download as PDF" fill="outline" failedText={DATA_DOWNLOAD_FAILED} load={fetchMyDataPdf} />
      </section>

      <DataRequests initial={data.requests} retention={data.retention} />
    </>
  );
}

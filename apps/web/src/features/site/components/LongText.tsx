/**
 * A long text: a table of contents of in-page links, then one section per heading. Plain anchors
 * and HTML, so once rendered it reads and jumps without any further script.
 */
import { useEffect, type ReactNode } from 'react';
import styles from '../site.module.css';

export interface TextSection {
  /** Anchor id, unique in the document. */
  id: string;
  title: string;
  body: ReactNode;
}

export function LongText({ sections, level, contentsId }: { sections: TextSection[]; level: 2 | 3; contentsId: string }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  useScrollToHash();
  return (
    <>
      <nav className={`${styles.card} ${styles.toc}`} aria-labelledby={contentsId}>
        <Heading id={contentsId}>Contents</Heading>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={s.id}>
          <Heading id={s.id}>{s.title}</Heading>
          {s.body}
          <p className={styles.backLink}>
            <a href={`#${contentsId}`}>Back to contents</a>
          </p>
        </section>
      ))}
    </>
  );
}

/** A link that names a section (…/maySimilar#privacy-cookies) lands on it once the text is rendered. */
function useScrollToHash(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}

/**
 * /testPreview: a developer page to edit the device and order parameters and open every screen
 * with them, plus the device features the webview must support (camera, contacts, location).
 */
import { useState } from 'react';
import { carriedParams } from '../../shared/params/page-params.ts';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { CameraInput } from './components/CameraInput.tsx';
import { ContactField } from './components/ContactField.tsx';
import { LocationCheck } from './components/LocationCheck.tsx';
import { PREVIEW_LINK_GROUPS, PREVIEW_PARAMS, linkTarget, previewHref, type PreviewParams } from './preview-links.ts';
import frame from '../../shared/ui/page-frame.module.css';
import styles from './TestPreviewPage.module.css';

export const TEST_PREVIEW_TITLE = 'Test preview';

/** Phone-number fields get the phone keypad. */
const NUMERIC_PARAMS = new Set<string>(['mobilePhone', 'real']);

function initialParams(): PreviewParams {
  const carried = carriedParams();
  return Object.fromEntries(PREVIEW_PARAMS.map((name) => [name, carried[name] ?? ''])) as PreviewParams;
}

export default function TestPreviewPage() {
  usePageTitle(TEST_PREVIEW_TITLE);
  const [params, setParams] = useState(initialParams);

  return (
    <main className={styles.page}>
      <h1 className={frame.title}>{TEST_PREVIEW_TITLE}</h1>

      <section className={styles.section} aria-labelledby="preview-params">
        <h2 id="preview-params" className={styles.heading}>
          Device and order parameters
        </h2>
        <p className={styles.hint}>Every link below carries these values; blank ones are left out.</p>
        <div className={styles.grid}>
          {PREVIEW_PARAMS.map((name) => (
            <div key={name} className={styles.field}>
              <label htmlFor={`param-${name}`} className={styles.label}>
                {name}
              </label>
              <input
                id={`param-${name}`}
                name={name}
                className={styles.input}
                type={name === 'mobilePhone' ? 'tel' : 'text'}
                inputMode={NUMERIC_PARAMS.has(name) ? 'numeric' : 'text'}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                value={params[name]}
                onChange={(e) => {
                  const value = e.target.value;
                  setParams((p) => ({ ...p, [name]: value }));
                }}
              />
            </div>
          ))}
        </div>
      </section>

      <nav className={styles.section} aria-labelledby="preview-screens">
        <h2 id="preview-screens" className={styles.heading}>
          Screens
        </h2>
        {PREVIEW_LINK_GROUPS.map((group) => (
          <div key={group.title} className={styles.group}>
            <h3 className={styles.groupTitle}>{group.title}</h3>
            <ul className={styles.links}>
              {group.links.map((link) => (
                <li key={linkTarget(link)}>
                  <a className={styles.link} href={previewHref(link, params)}>
                    <span>{link.label}</span>
                    {/* The route is for the developer's eye; the link's name stays the screen's name. */}
                    <code className={styles.route} aria-hidden="true">
                      {linkTarget(link)}
                    </code>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      <section className={styles.section} aria-labelledby="preview-device">
        <h2 id="preview-device" className={styles.heading}>
          Device features
        </h2>
        <CameraInput />
        <ContactField />
        <LocationCheck />
      </section>
    </main>
  );
}

import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { paths } from '../../../contract/paths.ts';
import { usePageTitle } from '../../app/for-screens/use-screen.ts';
import * as ui from '../../ui/ui.css.ts';

/** What a visitor can expect, how the portal was tested, and what is known not to work. */
const SECTIONS = [
  { title: 'a11y.canTitle', items: ['a11y.can1', 'a11y.can2', 'a11y.can3', 'a11y.can4', 'a11y.can5'] },
  { title: 'a11y.testedTitle', items: ['a11y.tested1', 'a11y.tested2', 'a11y.tested3', 'a11y.tested4'] },
  {
    title: 'a11y.knownTitle',
    items: ['a11y.known1', 'a11y.known2', 'a11y.known3', 'a11y.known4', 'a11y.known5', 'a11y.known6'],
  },
] as const;

export default function Accessibility() {
  usePageTitle('a11y.title');
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="a11y.title" />
      </h1>
      <p>
        <FormattedMessage id="a11y.intro" />
      </p>
      {SECTIONS.map((section) => (
        <section key={section.title} aria-labelledby={section.title.replace('.', '-')}>
          <h2 id={section.title.replace('.', '-')}>
            <FormattedMessage id={section.title} />
          </h2>
          <ul>
            {section.items.map((item) => (
              <li key={item}>
                <FormattedMessage id={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="a11y-contact">
        <h2 id="a11y-contact">
          <FormattedMessage id="a11y.contactTitle" />
        </h2>
        <p>
          <FormattedMessage
            id="a11y.contactText"
            values={{ form: (text) => <Link href={paths.fileComplaint}>{text}</Link> }}
          />
        </p>
        <p>
          <FormattedMessage id="a11y.prepared" />
        </p>
      </section>
    </div>
  );
}

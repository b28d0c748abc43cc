import { Card } from '../components/layout/card';
import { Page } from '../components/layout/page';
import { PageHeading } from '../components/ui/page-heading';
import type { ConfigProblem } from '../lib/env';
import { configErrorTexts } from '../lib/messages/config-error';
import './config-error-page.css';

/**
 * What the portal shows instead of starting when this deployment's configuration is missing or
 * breaks the schema: never a white page, never a guessed value. The list names each bad key for
 * the operators (the README's Production section lists them with their environment variables).
 */
export function ConfigErrorPage({ problems }: { readonly problems: readonly ConfigProblem[] }) {
  return (
    <main className="config-error-page">
      <Page>
        <Card role="alert">
          <PageHeading>{configErrorTexts.heading}</PageHeading>
          <p>{configErrorTexts.explanation}</p>
          <p>{configErrorTexts.forOperators}</p>
          <ul>
            {problems.map(({ key, message }) => (
              <li key={`${key}: ${message}`}>
                <code>{key || configErrorTexts.wholeConfiguration}</code>: {message}
              </li>
            ))}
          </ul>
        </Card>
      </Page>
    </main>
  );
}

import { PageHeading } from '../ui/page-heading';
import { Card } from './card';
import { Page } from './page';

interface PlaceholderPageProps {
  readonly title: string;
  /** The flow (issue) that builds this screen. */
  readonly flow: string;
}

/** Stands in for a screen another flow builds; says which. */
export function PlaceholderPage({ title, flow }: PlaceholderPageProps) {
  return (
    <Page>
      <Card labelledBy="placeholder-heading">
        <PageHeading id="placeholder-heading">{title}</PageHeading>
        <p>This screen is part of {flow} and is not built yet.</p>
      </Card>
    </Page>
  );
}

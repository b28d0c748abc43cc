import { PageHeading } from '../ui/page-heading';

interface PlaceholderPageProps {
  readonly title: string;
  /** The flow (issue) that builds this screen. */
  readonly flow: string;
}

/** Stands in for a screen another flow builds; says which. */
export function PlaceholderPage({ title, flow }: PlaceholderPageProps) {
  return (
    <section className="card">
      <PageHeading>{title}</PageHeading>
      <p>This screen is part of {flow} and is not built yet.</p>
    </section>
  );
}

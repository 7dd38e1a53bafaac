// How to add the shop in the reading apps people use most, a few steps each: KOReader, Panels and
// Chunky read the OPDS 1.2 feed; Thorium the OPDS 2.0 one and asks for the sign-in itself.
import type { ReactNode } from 'react';

type Guide = { app: string; devices: string; steps: ReactNode[] };

const OPDS1 = <strong>OPDS 1.2</strong>;
const OPDS2 = <strong>OPDS 2.0</strong>;

const GUIDES: Guide[] = [
  {
    app: 'KOReader',
    devices: 'Kobo, Kindle, PocketBook, Android',
    steps: [
      <>Open the top menu, then Search → OPDS catalog.</>,
      <>Tap + to add a catalog.</>,
      <>Catalog URL: the {OPDS1} address. Username: your e-mail. Password: an app password.</>,
    ],
  },
  {
    app: 'Panels',
    devices: 'iPhone, iPad',
    steps: [<>Go to Settings → Connect → OPDS.</>, <>Add the {OPDS1} address, your e-mail and an app password.</>],
  },
  {
    app: 'Chunky',
    devices: 'iPad',
    steps: [<>Tap Add a server and choose OPDS.</>, <>Enter the {OPDS1} address, your e-mail and an app password.</>],
  },
  {
    app: 'Thorium Reader',
    devices: 'Windows, macOS, Linux',
    steps: [
      <>Open Catalogs → Add an OPDS feed.</>,
      <>Paste the {OPDS2} address and give it a name.</>,
      <>When you open it, Thorium asks for your e-mail and an app password.</>,
    ],
  },
];

export function ReadingAppGuides() {
  return (
    <section aria-labelledby="reading-app-guides-title">
      <h2 id="reading-app-guides-title" className="h5 fw-bold mb-3">
        Add the shop to your reading app
      </h2>
      <div className="reading-app-guides">
        {GUIDES.map((guide) => (
          <GuideCard key={guide.app} guide={guide} />
        ))}
      </div>
    </section>
  );
}

function GuideCard({ guide }: { guide: Guide }) {
  const titleId = `guide-${guide.app.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <article className="card border-0 shadow-sm devices-card" aria-labelledby={titleId}>
      <div className="card-body">
        <h3 id={titleId} className="h6 fw-bold mb-0">
          {guide.app}
        </h3>
        <p className="small text-body-secondary mb-2">{guide.devices}</p>
        <ol className="small ps-3 mb-0 d-flex flex-column gap-1">
          {guide.steps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
      </div>
    </article>
  );
}

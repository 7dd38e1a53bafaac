// The yardstick: a bare Fastify route answering a constant 12-item JSON page, with
// nothing else in the way. Catalogue figures are reported as a ratio of this one.
import fastify from 'fastify';

const items = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Comic ${i + 1}`,
  deck: 'A one-sentence deck of about the length real ones have in the catalogue.',
  start_year: 1990 + i,
  image: `/media/covers/volumes/${i + 1}.svg`,
  publisher: 'Aurora Comics',
}));

const app = fastify({ logger: false });
app.get('/bare', async () => items);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3301) });

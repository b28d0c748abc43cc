// zod's code, as the tag modules of generated/zod use it: imported on its own, ahead of them.
export { object } from 'zod';

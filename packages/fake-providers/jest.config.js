import { preset } from '../../jest.preset.js';
export default preset(import.meta.url);

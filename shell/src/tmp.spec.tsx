import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { createInstance } from '@module-federation/enhanced/runtime';
test('x', () => { expect(MemoryRouter).toBeDefined(); expect(i18next).toBeDefined(); expect(createInstance).toBeDefined(); });

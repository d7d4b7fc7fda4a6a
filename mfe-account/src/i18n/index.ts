import en from './en';
import es from './es';
import fr from './fr';

export const NAMESPACE = 'account';
export const catalogues = { fr, es, en };

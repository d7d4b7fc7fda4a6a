/** Subjects of a French-curriculum collège and lycée, with the colour of their chips. */
export const DEMO_SUBJECTS: readonly { name: string; color: string }[] = [
  { name: 'Mathématiques', color: '#1e88e5' },
  { name: 'Français', color: '#e53935' },
  { name: 'Histoire-Géographie', color: '#8d6e63' },
  { name: 'Anglais', color: '#3949ab' },
  { name: 'Espagnol', color: '#fb8c00' },
  { name: 'SVT', color: '#43a047' },
  { name: 'Physique-Chimie', color: '#00acc1' },
  { name: 'Philosophie', color: '#6d4c41' },
  { name: 'EPS', color: '#fdd835' },
  { name: 'Arts plastiques', color: '#d81b60' },
  { name: 'Musique', color: '#8e24aa' },
  { name: 'Technologie', color: '#546e7a' },
  { name: 'SES', color: '#00897b' },
  { name: 'NSI', color: '#5e35b1' },
  { name: 'Latin', color: '#c0ca33' },
];

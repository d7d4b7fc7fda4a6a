import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../config/runtime-config';
import { useNow } from '../config/clock';
import styles from '../shell.module.css';

/** Spec, section 9: the warning shows within 5 minutes before a planned maintenance. */
export const MAINTENANCE_WARNING_S = 300;

export function isMaintenanceSoon(maintenanceAt: number | null, now: number): boolean {
  return maintenanceAt !== null && now >= maintenanceAt - MAINTENANCE_WARNING_S && now < maintenanceAt;
}

export function MaintenanceBanner() {
  const { t } = useTranslation('common');
  const { maintenanceAt } = useRuntimeConfig();
  const now = useNow(1000, maintenanceAt !== null);
  if (!isMaintenanceSoon(maintenanceAt, now)) return null;
  return (
    <p className={styles.maintenance} role="status" data-testid="maintenance-warning">
      {t('Global.maintenance')}
    </p>
  );
}

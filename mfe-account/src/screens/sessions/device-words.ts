import { useTranslation } from 'react-i18next';
import type { AccountSession } from '../../api';

/** "Firefox on Linux · computer", in the reader's language (the browser and system names are names). */
export function useDeviceWords(): (device: AccountSession['device']) => string {
  const { t } = useTranslation('account');
  return (device) => {
    const browser = device.browser === 'Other' ? t('sessions.unknownBrowser') : device.browser;
    const where = device.os === 'Other' ? browser : t('sessions.browserOn', { browser, os: device.os });
    return `${where} · ${t(`sessions.device.${device.kind}`)}`;
  };
}

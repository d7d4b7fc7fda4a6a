// The promo video's poster (shell/public/promo), named once: the video shows it, the composer
// preloads it on the home page (where it is the largest picture).
export const PROMO_POSTER = '/promo/promo-poster.webp';

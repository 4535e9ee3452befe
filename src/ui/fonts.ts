// Fonts ship with the app (no font CDN). Both cover Greek; the browser downloads only the
// unicode-range subsets a page uses.
import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/noto-serif-display/wght.css';

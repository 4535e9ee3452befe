// Fonts ship with the app (no font CDN). Both cover Greek; the browser downloads only the
// unicode-range subsets and weights a page uses.
//
// Static weights, not the variable fonts: measured in Chromium, laying out text again in a
// variable font cost 6–10× what it costs in a static one (12–83 ms against ~2 ms for 120
// paragraphs in four weights), and a phone lays text out on every screen change. Each static
// file is half the variable one's size; a page uses two or three weights.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/noto-serif-display/400.css';
import '@fontsource/noto-serif-display/600.css';

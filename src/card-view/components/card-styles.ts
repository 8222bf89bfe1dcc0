import { FONT_STACKS } from '@/domain/card-templates';
import { CARD_FONTS } from '@/domain/model';

/**
 * The card's stylesheet as a string: inlined into the public page's `<head>` (one response, no
 * render-blocking request) and injectable by the builder's preview with a `<style>` element. Every
 * rule is scoped under `.cb-card`; colours come from the custom properties CardView sets from the
 * card's template (`--cb-accent`, `--cb-on-accent`, `--cb-bg`, `--cb-text`, `--cb-logo-w`, and the
 * team's cover gradient and overlay, `--cb-cover-bg` and `--cb-cover-overlay`, when set). The head is
 * positioned like the cover so that the avatar, which overlaps the cover, is drawn above it.
 *
 * Each layout (`cb-layout-*`, domain/card-templates.ts) rearranges the same markup; `classic`, the
 * layout of every card stored before layouts existed, is the base rules alone. What a layout does
 * on a wide screen follows the width of the page the card sits in (the `cb-page` container), not
 * the window's, so the builder's desktop preview and its thumbnails draw what visitors get.
 */
const FONT_CSS = CARD_FONTS.filter((font) => font !== 'sans')
  .map((font) => `.cb-font-${font}{font-family:${FONT_STACKS[font]}}`)
  .join('\n');

/** A head laid out in a row: the avatar beside who the person is, a logo on its own line below. */
const row = (l: string) =>
  `.cb-layout-${l} .cb-head{flex-direction:row;flex-wrap:wrap;align-items:center;text-align:left}
.cb-layout-${l} .cb-id{flex:1;min-width:0}
.cb-layout-${l} .cb-name{margin-top:0}
.cb-layout-${l} .cb-logo{order:1;margin-top:0}
.cb-layout-${l} .cb-head>.cb-avatar:first-child{margin-top:0}`;

const LAYOUT_CSS = `
${row('split')}
.cb-layout-split .cb-cover{height:10px}
.cb-layout-split.cb-has-cover .cb-cover{height:132px}
.cb-layout-split .cb-head{gap:18px;padding:28px 24px 0}
.cb-layout-split .cb-avatar{width:96px;height:96px;font-size:32px;border-width:0;box-shadow:none}
.cb-layout-split .cb-id{padding-left:16px;border-left:3px solid var(--cb-accent)}
.cb-layout-split .cb-name{font-size:26px}
.cb-layout-cover .cb-side{display:grid}
.cb-layout-cover .cb-cover,.cb-layout-cover .cb-head{grid-area:1/1}
.cb-layout-cover .cb-cover{height:auto;min-height:340px}
.cb-layout-cover .cb-cover img{position:absolute;inset:0}
.cb-layout-cover .cb-cover::after{content:"";position:absolute;inset:0;background:linear-gradient(180deg,rgba(0,0,0,0) 20%,rgba(0,0,0,.45) 50%,rgba(0,0,0,.78))}
.cb-layout-cover .cb-head{align-self:end;align-items:flex-start;padding:96px 24px 26px;color:#fff;text-align:left;text-shadow:0 1px 3px rgba(0,0,0,.45)}
.cb-layout-cover .cb-head>.cb-avatar:first-child{margin-top:0;width:84px;height:84px;font-size:30px;border:3px solid #fff;text-shadow:none}
.cb-layout-cover .cb-name{font-size:32px}
.cb-layout-cover .cb-title,.cb-layout-cover .cb-company{opacity:.95}
.cb-layout-cover .cb-logo{max-height:72px}
.cb-layout-minimal{--cb-r:6px}
.cb-layout-minimal .cb-cover,.cb-layout-minimal .cb-monogram{display:none}
.cb-layout-minimal .cb-head{align-items:flex-start;padding:44px 22px 0;text-align:left}
.cb-layout-minimal .cb-head>.cb-avatar:first-child{margin-top:0;width:72px;height:72px;border:0;box-shadow:none}
.cb-layout-minimal .cb-name{font-size:34px;font-weight:600;letter-spacing:-.02em}
.cb-layout-minimal .cb-id::after{content:"";display:block;width:48px;height:3px;margin-top:18px;background:var(--cb-accent)}
.cb-layout-minimal .cb-links{gap:8px}
.cb-layout-minimal .cb-link{min-height:54px}
.cb-layout-minimal .cb-link-icon{width:32px;height:32px}
.cb-layout-minimal .cb-btn-primary{box-shadow:none}
${row('banner')}
.cb-layout-banner .cb-cover{display:none}
.cb-layout-banner.cb-has-cover .cb-cover{display:block;height:120px}
.cb-layout-banner .cb-head{gap:18px;padding:30px 24px 28px;background:var(--cb-accent);color:var(--cb-on-accent)}
.cb-layout-banner .cb-avatar{width:88px;height:88px;font-size:30px;border:3px solid var(--cb-on-accent);background:var(--cb-bg);color:var(--cb-text);box-shadow:none}
.cb-layout-banner .cb-name{font-size:30px;font-weight:800;letter-spacing:-.025em}
.cb-layout-banner .cb-title,.cb-layout-banner .cb-company{opacity:1}
.cb-layout-banner .cb-company{font-weight:700}
${row('compact')}
.cb-layout-compact .cb-cover{display:none}
.cb-layout-compact.cb-has-cover .cb-cover{display:block;height:96px}
.cb-layout-compact .cb-head{gap:14px;padding:26px 20px 0}
.cb-layout-compact .cb-avatar{width:64px;height:64px;font-size:22px;border-width:0;box-shadow:none}
.cb-layout-compact .cb-name{font-size:22px}
.cb-layout-compact .cb-title{margin-top:2px;font-size:15px}
.cb-layout-compact .cb-save{padding-top:16px}
.cb-layout-compact .cb-btn{min-height:46px}
.cb-layout-compact .cb-links{grid-template-columns:repeat(2,minmax(0,1fr));gap:8px;padding-top:12px}
.cb-layout-compact .cb-links li{display:flex}
.cb-layout-compact .cb-link{flex:1;flex-direction:column;align-items:flex-start;gap:8px;min-width:0;min-height:92px;padding:12px}
.cb-layout-compact .cb-link-icon{width:34px;height:34px}
.cb-layout-compact .cb-link-text{max-width:100%}
@container cb-page (min-width:760px){
.cb-layout-split{display:grid;grid-template-columns:minmax(0,5fr) minmax(0,7fr);max-width:920px;padding-bottom:0}
.cb-layout-split .cb-side{padding-bottom:32px;background:rgba(127,127,127,.1)}
.cb-layout-split .cb-main{padding:10px 12px 28px}
.cb-layout-split .cb-head{flex-direction:column;align-items:flex-start;padding:36px 28px 0}
.cb-layout-split .cb-avatar{width:128px;height:128px;font-size:42px}
.cb-layout-split .cb-name{font-size:30px}
.cb-layout-split .cb-save{padding:26px 28px 0}
.cb-layout-cover{max-width:820px}
.cb-layout-cover .cb-cover{min-height:420px}
.cb-layout-cover .cb-head{padding:140px 48px 36px}
.cb-layout-cover .cb-name{font-size:44px}
.cb-layout-cover .cb-save,.cb-layout-cover .cb-links{padding-left:40px;padding-right:40px}
.cb-layout-cover .cb-links{grid-template-columns:repeat(2,minmax(0,1fr))}
.cb-layout-minimal{max-width:600px}
.cb-layout-minimal .cb-head{padding:64px 22px 0}
.cb-layout-minimal .cb-name{font-size:42px}
.cb-layout-banner{max-width:780px}
.cb-layout-banner .cb-head{gap:28px;padding:48px 44px}
.cb-layout-banner .cb-avatar{width:124px;height:124px;font-size:42px}
.cb-layout-banner .cb-name{font-size:42px}
.cb-layout-banner .cb-save,.cb-layout-banner .cb-links{padding-left:36px;padding-right:36px}
.cb-layout-banner .cb-links{grid-template-columns:repeat(2,minmax(0,1fr))}
.cb-layout-compact{max-width:680px}
.cb-layout-compact .cb-links{grid-template-columns:repeat(3,minmax(0,1fr))}
}`;

export const CARD_CSS = `
.cb-page{container:cb-page/inline-size}
.cb-card{--cb-r:14px;position:relative;width:100%;max-width:440px;margin:0 auto;padding-bottom:24px;overflow:hidden;background:var(--cb-bg);color:var(--cb-text);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-font-smoothing:antialiased;text-align:left}
.cb-card *,.cb-card *::before,.cb-card *::after{box-sizing:border-box}
:where(.cb-card) :where(p,h1,h2){margin:0}
.cb-card [hidden]{display:none!important}
.cb-cover{position:relative;height:152px;background:var(--cb-accent) var(--cb-cover-bg,linear-gradient(135deg,rgba(255,255,255,.3),rgba(0,0,0,.2)))}
.cb-cover-overlay{position:absolute;inset:0;background:var(--cb-cover-overlay);opacity:.45}
.cb-cover img{display:block;width:100%;height:100%;object-fit:cover}
.cb-head{position:relative;display:flex;flex-direction:column;align-items:center;padding:20px 24px 0;text-align:center}
.cb-head>.cb-avatar:first-child{margin-top:-80px}
.cb-avatar{display:flex;align-items:center;justify-content:center;flex:none;width:120px;height:120px;object-fit:cover;border:4px solid var(--cb-bg);border-radius:50%;background:var(--cb-accent);color:var(--cb-on-accent);font-size:40px;font-weight:700;letter-spacing:.02em;box-shadow:0 6px 20px rgba(0,0,0,.14)}
.cb-shape-square .cb-avatar{border-radius:0}
.cb-shape-slightlyRounded .cb-avatar{border-radius:12px}
.cb-shape-rounded .cb-avatar{border-radius:30px}
.cb-logo{display:block;width:var(--cb-logo-w);max-width:100%;height:auto;max-height:112px;object-fit:contain;margin-top:16px}
.cb-name{margin-top:14px;font-size:27px;line-height:1.2;font-weight:750;letter-spacing:-.015em}
.cb-title{margin-top:6px;font-size:16px;opacity:.82}
.cb-company{margin-top:2px;font-size:15px;font-weight:600;opacity:.68}
.cb-email{margin-top:6px;font-size:15px}.cb-email a{color:inherit;text-decoration:underline;text-underline-offset:2px}
.cb-name,.cb-title,.cb-company,.cb-email,.cb-link-label,.cb-promo p{overflow-wrap:anywhere}
.cb-promo{display:flex;gap:12px;margin:22px 20px 0;padding:14px 16px;border-radius:var(--cb-r);background:rgba(127,127,127,.1);border-left:4px solid var(--cb-accent)}
.cb-promo-icon{flex:none;margin-top:2px}
.cb-promo-title{font-weight:700}
.cb-promo-body{font-size:15px;opacity:.85;white-space:pre-line}
.cb-promo-cta{display:inline-block;margin-top:6px;color:inherit;font-weight:600}
.cb-save{padding:22px 20px 0}
.cb-btn{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:52px;padding:12px 18px;border:0;border-radius:var(--cb-r);font:inherit;font-weight:650;text-decoration:none;cursor:pointer;-webkit-tap-highlight-color:transparent}
.cb-btn-primary{background:var(--cb-accent);color:var(--cb-on-accent);box-shadow:0 2px 8px rgba(0,0,0,.12)}
.cb-btn-soft{background:rgba(127,127,127,.12);color:inherit;min-height:46px}
.cb-met{margin-top:8px}
.cb-met input,.cb-field input,.cb-field textarea,.cb-share input{display:block;width:100%;padding:10px 12px;border:1px solid rgba(127,127,127,.38);border-radius:10px;background:transparent;color:inherit;font:inherit;font-size:16px;font-weight:400}
.cb-met input{text-align:center}
.cb-links{display:grid;gap:10px;margin:0;padding:18px 20px 0;list-style:none}
.cb-link{display:flex;align-items:center;gap:14px;min-height:62px;padding:10px 14px;border-radius:var(--cb-r);color:inherit;text-decoration:none;transition:transform .12s ease}
a.cb-link:active,.cb-btn:active{transform:scale(.985)}
.cb-link-icon{display:flex;flex:none;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;background:var(--cb-accent);color:var(--cb-on-accent)}
.cb-link-text{display:flex;flex-direction:column;min-width:0}
.cb-link-label{font-weight:650}
.cb-link-value{overflow:hidden;font-size:14px;text-overflow:ellipsis;white-space:nowrap}
.cb-style-fill .cb-link{background:var(--cb-accent);color:var(--cb-on-accent)}
.cb-style-fill .cb-link-icon{background:rgba(255,255,255,.2);color:inherit}
.cb-style-outline .cb-link{border:2px solid var(--cb-accent)}
.cb-style-ghost .cb-link{background:rgba(127,127,127,.08)}
.cb-link-static{outline:2px dashed currentColor;outline-offset:-4px;cursor:default}
.cb-card a:focus-visible,.cb-card button:focus-visible,.cb-card input:focus-visible,.cb-card textarea:focus-visible,.cb-card summary:focus-visible{outline:3px solid var(--cb-accent);outline-offset:2px}
.cb-lead{margin:24px 20px 0;padding:18px;border-radius:var(--cb-r);background:rgba(127,127,127,.08)}
.cb-lead-title{margin-bottom:12px;font-size:18px;line-height:1.3}
.cb-field{display:block;margin-bottom:12px;font-size:14px;font-weight:600}
.cb-field span{display:block;margin-bottom:4px}
.cb-field input,.cb-field textarea{background:var(--cb-bg)}
.cb-lead-status{margin-top:10px;font-size:15px;font-weight:600}
.cb-consent{display:flex;gap:10px;align-items:flex-start;margin:4px 0 14px;font-size:14px;line-height:1.4}
.cb-consent input{flex:none;width:20px;height:20px;margin:0;accent-color:var(--cb-accent,currentColor)}
.cb-lead-status:empty{display:none}
.cb-disclaimer{margin:24px 24px 0;font-size:12px;line-height:1.5;opacity:.66;white-space:pre-line}
.cb-brand{margin-top:24px;font-size:13px;text-align:center;opacity:.66}
.cb-brand a{color:inherit;text-decoration:none}
@container cb-page (min-width:448px){.cb-card{border-radius:24px;box-shadow:0 12px 40px rgba(15,23,42,.14)}}
${LAYOUT_CSS}${FONT_CSS}`;

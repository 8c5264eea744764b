// The HTML every app is served with. The theme and locale are applied by a tiny inline script
// before first paint, so a visitor who chose the light theme never sees a dark flash.
const tokens = require('../shared-ui/src/theme/tokens.json');
const common = require('../shared-ui/src/i18n/common.ro.json');

const prePaint = (signals) => `(function(){try{var d=document.documentElement,s=localStorage;
var t=s.getItem('theme');if(t!=='light'&&t!=='dark'&&t!=='system')t='dark';
if(t==='system')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';
d.setAttribute('data-theme',t);d.style.colorScheme=t;
var l=s.getItem('locale');d.lang=l==='en'?'en':'ro';
if(s.getItem('theme')&&s.getItem('theme')!=='dark'||l==='en'||document.cookie.indexOf('loginCookie=')>=0)d.setAttribute('${signals.freshRenderAttribute}','skip');
}catch(e){}})();`.replace(/\n/g, '');

module.exports = ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="ro" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${htmlWebpackPlugin.options.title}</title>
<meta name="description" content="${common.meta.description}">
<script>${prePaint(htmlWebpackPlugin.options.signals)}</script>
${htmlWebpackPlugin.options.earlyEvents ? `<script>${htmlWebpackPlugin.options.earlyEvents}</script>` : ''}
<style>
html{background:${tokens.dark.background};color:${tokens.dark.text};color-scheme:dark}
html[data-theme=light]{background:${tokens.light.background};color:${tokens.light.text};color-scheme:light}
html[${htmlWebpackPlugin.options.signals.freshRenderAttribute}=skip] #root[${htmlWebpackPlugin.options.signals.prerenderedAttribute}]{visibility:hidden}
</style>
${htmlWebpackPlugin.options.isHost ? '<link rel="preload" href="/remotes.json" as="fetch" crossorigin>' : ''}
<script defer src="/config.js"></script>
${htmlWebpackPlugin.options.federationRuntime ? `<script defer src="${htmlWebpackPlugin.options.federationRuntime}"></script>` : ''}
</head>
<body>
<div id="root"></div>
</body>
</html>`;

// Third-party stylesheets are served by the site itself: their @import of remote fonts (FirebaseUI
// asks for Roboto from Google Fonts) is dropped, so no page depends on another site to render and
// the Content-Security-Policy needs no font host. The site's own system font stack applies.
module.exports = function stripRemoteImports(source) {
  return source.replace(/@import\s+url\(\s*['"]?https?:[^)]*\)\s*;?/g, '');
};

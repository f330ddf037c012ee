// Renders /docs/openapi.json with Redoc into the page (an external file: the page's CSP allows no inline script).
/* global Redoc */
(function () {
  var root = document.getElementById('reference');
  var status = document.getElementById('reference-status');
  if (typeof Redoc === 'undefined') {
    status.textContent = 'The reference viewer could not be loaded. The OpenAPI document is at /docs/openapi.json.';
    return;
  }
  Redoc.init(
    '/docs/openapi.json',
    {
      hideDownloadButton: false,
      expandResponses: '200',
      jsonSampleExpandLevel: 3,
      sortTagsAlphabetically: false,
      theme: { colors: { primary: { main: '#053f2e' } }, typography: { fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif', headings: { fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' } } },
    },
    root,
    function (error) {
      if (error) status.textContent = 'The reference could not be rendered: ' + error.message + '. The OpenAPI document is at /docs/openapi.json.';
      else status.remove();
    },
  );
})();

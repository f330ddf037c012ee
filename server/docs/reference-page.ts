// The HTML of /docs: a heading that is there before the viewer loads, the viewer's mount point and
// two same-origin scripts (Redoc, then the file that starts it).

export function referencePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · PayKit platform</title>
<meta name="description" content="The main API and the merchant API of the PayKit platform: every endpoint, who may call it, its request, its answer, its errors and an example.">
</head>
<body>
<p id="reference-status" role="status">Loading the API reference… The OpenAPI document is at <a href="/docs/openapi.json">/docs/openapi.json</a>.</p>
<div id="reference"></div>
<script src="/docs/assets/redoc.standalone.js"></script>
<script src="/docs/assets/docs.js"></script>
</body>
</html>
`;
}

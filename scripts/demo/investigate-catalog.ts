// Question templates for the investigate family. Each builds a small repository where the answer
// lives in source (reached from an entry file that imports it) while a document states a stale
// value. Markers are exact substrings of the files, so what an agent learns depends on what it
// actually read or grepped.

import type { Rng } from './random';

export interface InvestigationSpec {
  title: string;
  question: string;
  files: Record<string, string>;
  answer: string;
  correctForms: string[];
  decoyAnswer: string;
  sloppyForms: string[];
  truthPath: string;
  entryPath: string;
  decoyPath: string;
  truthMarker: string;
  decoyMarker: string;
  pointerMarker: string;
  /** Search strings suggested by the question itself, most natural first. */
  searchTerms: string[];
  /** The identifier the pointer reveals; searching it finds the truth ('' if none). */
  symbol: string;
}

type Template = (rng: Rng) => InvestigationSpec;

const retries: Template = (rng) => {
  const n = rng.pick([4, 5, 6]);
  return {
    title: 'Default retry count of HttpClient',
    question:
      'How many times does `HttpClient` retry a failed request when the caller does not pass `retries`? Answer with a number.',
    files: {
      'README.md':
        '# netkit\n\nThin HTTP client wrapper.\n\n## Behaviour\n\nBy default the client makes up to 3 retries per request, with exponential backoff.\n',
      'src/netkit/__init__.py': 'from .client import HttpClient\n',
      'src/netkit/client.py': `"""HTTP client with retries."""\n\nfrom .defaults import DEFAULT_RETRIES, DEFAULT_TIMEOUT\n\n\nclass HttpClient:\n    def __init__(self, base_url, retries=DEFAULT_RETRIES, timeout=DEFAULT_TIMEOUT):\n        self.base_url = base_url\n        self.retries = retries\n        self.timeout = timeout\n`,
      'src/netkit/defaults.py': `"""Library-wide defaults."""\n\nDEFAULT_TIMEOUT = 10\nDEFAULT_RETRIES = ${n}\nUSER_AGENT = "netkit/2.1"\n`,
      'CHANGELOG.md':
        '# Changelog\n\n## 2.0.0\n- Raised the default retry count.\n- Dropped Python 3.8.\n',
    },
    answer: String(n),
    correctForms: [String(n)],
    decoyAnswer: '3',
    sloppyForms: ['DEFAULT_RETRIES'],
    truthPath: 'src/netkit/defaults.py',
    entryPath: 'src/netkit/client.py',
    decoyPath: 'README.md',
    truthMarker: `DEFAULT_RETRIES = ${n}`,
    decoyMarker: 'up to 3 retries',
    pointerMarker: 'retries=DEFAULT_RETRIES',
    searchTerms: ['retries', 'retry'],
    symbol: 'DEFAULT_RETRIES',
  };
};

const errorCode: Template = (rng) => {
  const code = `E${4100 + rng.int(800)}`;
  const path = 'src/shop/billing/invoices.py';
  return {
    title: `Origin of error ${code}`,
    question: `Support tickets mention error code ${code}. Which source file raises it? Answer with the file path relative to the repository root.`,
    files: {
      'README.md': '# shop\n\nStorefront backend. Error codes are listed in docs/errors.md.\n',
      'docs/errors.md': `# Error codes\n\n(This table predates the 3.0 billing rewrite.)\n\n| code | raised by |\n|---|---|\n| ${code} | src/shop/payments/legacy.py, when a card is declined |\n| E2001 | src/shop/cart.py, when the cart is empty |\n`,
      'src/shop/cart.py':
        '"""Cart operations."""\n\n\ndef checkout(cart):\n    if not cart.items:\n        raise ValueError("E2001: cart is empty")\n    return cart\n',
      'src/shop/billing/__init__.py': '',
      'src/shop/billing/errors.py':
        '"""Billing exceptions."""\n\n\nclass BillingError(Exception):\n    """Raised when an invoice cannot be finalised."""\n',
      [path]: `"""Invoice finalisation."""\n\nfrom .errors import BillingError\n\n\ndef finalize(invoice):\n    if invoice.total < 0:\n        raise BillingError("${code}: invoice total is negative")\n    invoice.status = "final"\n    return invoice\n`,
    },
    answer: path,
    correctForms: [path, `./${path}`],
    decoyAnswer: 'src/shop/payments/legacy.py',
    sloppyForms: ['invoices.py', 'src/shop/billing/errors.py'],
    truthPath: path,
    entryPath: 'src/shop/billing/errors.py',
    decoyPath: 'docs/errors.md',
    truthMarker: `raise BillingError("${code}`,
    decoyMarker: `${code} | src/shop/payments/legacy.py`,
    pointerMarker: '',
    searchTerms: [code, 'raise'],
    symbol: '',
  };
};

const devPort: Template = (rng) => {
  const port = rng.pick([8081, 8443, 5050, 9090]);
  return {
    title: 'Default port of the dev server',
    question:
      'When APP_PORT is not set, which TCP port does the development server listen on? Answer with the number.',
    files: {
      'README.md':
        '# webapp\n\nThe dev server port is 8000: run `make dev` and open http://localhost:8000 in a browser.\n',
      Makefile: 'dev:\n\tpython -m app.server\n',
      'src/app/server.py':
        '"""Development server entry point."""\n\nfrom .settings import HOST, PORT\n\n\ndef main():\n    serve(HOST, PORT)\n',
      'src/app/settings.py':
        '"""Runtime settings."""\n\nimport os\n\nfrom .constants import DEFAULT_HOST, DEFAULT_PORT\n\nHOST = os.environ.get("APP_HOST", DEFAULT_HOST)\nPORT = int(os.environ.get("APP_PORT", DEFAULT_PORT))\n',
      'src/app/constants.py': `"""Constants shared by the app."""\n\nDEFAULT_HOST = "127.0.0.1"\nDEFAULT_PORT = ${port}\n`,
    },
    answer: String(port),
    correctForms: [String(port)],
    decoyAnswer: '8000',
    sloppyForms: ['DEFAULT_PORT', '127.0.0.1'],
    truthPath: 'src/app/constants.py',
    entryPath: 'src/app/settings.py',
    decoyPath: 'README.md',
    truthMarker: `DEFAULT_PORT = ${port}`,
    decoyMarker: 'localhost:8000',
    pointerMarker: 'os.environ.get("APP_PORT", DEFAULT_PORT)',
    searchTerms: ['APP_PORT', 'port'],
    symbol: 'DEFAULT_PORT',
  };
};

const uploadLimit: Template = (rng) => {
  const mb = rng.pick([25, 50, 64]);
  return {
    title: 'Maximum upload size',
    question:
      'What is the maximum upload size, in bytes, that the media service accepts? Answer with a single integer.',
    files: {
      'README.md': '# media\n\nUpload and resize service. See docs/uploads.md for limits.\n',
      'docs/uploads.md':
        '# Uploads\n\nUploads are limited to 20 MB per file. Larger files are rejected with HTTP 413.\n',
      'src/media/upload.py':
        '"""Upload handling."""\n\nfrom .limits import MAX_UPLOAD_BYTES\n\n\ndef accept(stream, size):\n    # Reject an upload above the hard limit before reading it.\n    if size > MAX_UPLOAD_BYTES:\n        raise UploadTooLarge(size)\n    return store(stream)\n',
      'src/media/limits.py': `"""Hard limits."""\n\nMAX_UPLOAD_BYTES = ${mb} * 1024 * 1024\nMAX_PIXELS = 40_000_000\n`,
    },
    answer: String(mb * 1024 * 1024),
    correctForms: [String(mb * 1024 * 1024), `${mb} * 1024 * 1024`],
    decoyAnswer: String(20 * 1024 * 1024),
    sloppyForms: [`${mb} MB`, String(mb)],
    truthPath: 'src/media/limits.py',
    entryPath: 'src/media/upload.py',
    decoyPath: 'docs/uploads.md',
    truthMarker: `MAX_UPLOAD_BYTES = ${mb} * 1024 * 1024`,
    decoyMarker: 'limited to 20 MB',
    pointerMarker: 'if size > MAX_UPLOAD_BYTES',
    searchTerms: ['upload', 'limit'],
    symbol: 'MAX_UPLOAD_BYTES',
  };
};

const entryPoint: Template = (rng) => {
  const tool = rng.pick(['opsctl', 'datactl', 'shipit']);
  return {
    title: `Entry point of the ${tool} command`,
    question: `Which Python function runs when a user types \`${tool}\` on the command line? Answer as module:function.`,
    files: {
      'README.md': `# ${tool}\n\nOperations CLI. Packaging metadata lives in pyproject.toml; setup.cfg is only kept for the old release script.\n`,
      'pyproject.toml': `[project]\nname = "${tool}"\nversion = "3.2.0"\n\n[project.scripts]\n${tool} = "toolkit.cli.main:run"\n`,
      'setup.cfg': `[metadata]\nname = ${tool}\n\n[options.entry_points]\nconsole_scripts =\n    ${tool} = toolkit.cli:main\n`,
      'src/toolkit/cli/__init__.py':
        '"""Old entry point, kept for imports."""\n\n\ndef main():\n    from .main import run\n    run()\n',
      'src/toolkit/cli/main.py':
        '"""Command-line interface."""\n\n\ndef run():\n    args = parse_args()\n    dispatch(args)\n',
    },
    answer: 'toolkit.cli.main:run',
    correctForms: ['toolkit.cli.main:run'],
    decoyAnswer: 'toolkit.cli:main',
    sloppyForms: ['src/toolkit/cli/main.py', 'run'],
    truthPath: 'pyproject.toml',
    entryPath: 'README.md',
    decoyPath: 'setup.cfg',
    truthMarker: `${tool} = "toolkit.cli.main:run"`,
    decoyMarker: `${tool} = toolkit.cli:main`,
    pointerMarker: 'Packaging metadata lives in pyproject.toml',
    searchTerms: [tool, 'entry'],
    symbol: '',
  };
};

const pinnedVersion: Template = (rng) => {
  const lib = rng.pick(['requests', 'urllib3', 'pydantic', 'sqlalchemy']);
  const version = `2.${10 + rng.int(20)}.${rng.int(9)}`;
  return {
    title: `Pinned version of ${lib}`,
    question: `Which exact version of \`${lib}\` gets installed in the production Docker image? Answer with the version number only.`,
    files: {
      'README.md': '# api\n\nProduction images are built from the Dockerfile.\n',
      Dockerfile:
        'FROM python:3.11-slim\nCOPY requirements.lock .\nRUN pip install --no-deps -r requirements.lock\nCOPY src/ /app/src/\n',
      'requirements.in': `${lib}>=2.0\nuvicorn>=0.29\n`,
      'requirements.lock': `${lib}==${version} \\\n    --hash=sha256:3f0e5b7c9a1d\nuvicorn==0.30.1 \\\n    --hash=sha256:9ab44c01e2f7\n`,
      'docs/dependencies.md': `# Dependencies\n\nWe currently run ${lib} 2.8.1 in production (see the lock file for updates).\n`,
    },
    answer: version,
    correctForms: [version],
    decoyAnswer: '2.8.1',
    sloppyForms: ['>=2.0', `${lib}==${version}`],
    truthPath: 'requirements.lock',
    entryPath: 'Dockerfile',
    decoyPath: 'docs/dependencies.md',
    truthMarker: `${lib}==${version}`,
    decoyMarker: `${lib} 2.8.1`,
    pointerMarker: 'pip install --no-deps -r requirements.lock',
    searchTerms: [lib, 'pip install'],
    symbol: '',
  };
};

const cacheVariable: Template = (rng) => {
  const variable = `${rng.pick(['ACME', 'ORBIT', 'NIMBUS'])}_CACHE_DIR`;
  return {
    title: 'Cache directory override',
    question:
      'Which environment variable overrides the directory the tool caches downloads in? Answer with the variable name.',
    files: {
      'README.md':
        '# fetcher\n\nDownloads and caches datasets. Configuration is described in docs/configuration.md.\n',
      'docs/configuration.md':
        '# Configuration\n\nSet `CACHE_PATH` to move the download cache (default: ~/.cache/fetcher).\n',
      'src/fetcher/storage.py':
        '"""Where downloads go."""\n\nfrom .paths import cache_dir\n\n\ndef target(name):\n    return cache_dir() / name\n',
      'src/fetcher/paths.py': `"""Filesystem locations."""\n\nimport os\nfrom pathlib import Path\n\nDEFAULT_CACHE = Path.home() / ".cache" / "fetcher"\n\n\ndef cache_dir():\n    return Path(os.environ.get("${variable}", DEFAULT_CACHE))\n`,
    },
    answer: variable,
    correctForms: [variable],
    decoyAnswer: 'CACHE_PATH',
    sloppyForms: ['DEFAULT_CACHE', variable.toLowerCase().replace(/_/g, '-')],
    truthPath: 'src/fetcher/paths.py',
    entryPath: 'src/fetcher/storage.py',
    decoyPath: 'docs/configuration.md',
    truthMarker: `os.environ.get("${variable}"`,
    decoyMarker: 'Set `CACHE_PATH`',
    pointerMarker: 'from .paths import cache_dir',
    searchTerms: ['CACHE', 'cache'],
    symbol: '',
  };
};

const sessionTimeout: Template = (rng) => {
  const minutes = rng.pick([20, 45, 90]);
  return {
    title: 'Session inactivity timeout',
    question:
      'After how many minutes of inactivity does a user session expire? Answer with a number.',
    files: {
      'README.md': '# portal\n\nCustomer portal. Sessions expire after 30 minutes of inactivity.\n',
      'src/auth/session.py':
        '"""Session lifecycle."""\n\nfrom datetime import timedelta\n\nfrom .config import SESSION_MINUTES\n\nSESSION_TIMEOUT = timedelta(minutes=SESSION_MINUTES)\n\n\ndef expired(session, now):\n    return now - session.last_seen > SESSION_TIMEOUT\n',
      'src/auth/config.py': `"""Auth settings."""\n\nSESSION_MINUTES = ${minutes}\nMAX_LOGIN_ATTEMPTS = 5\n`,
    },
    answer: String(minutes),
    correctForms: [String(minutes)],
    decoyAnswer: '30',
    sloppyForms: ['SESSION_MINUTES', String(minutes * 60)],
    truthPath: 'src/auth/config.py',
    entryPath: 'src/auth/session.py',
    decoyPath: 'README.md',
    truthMarker: `SESSION_MINUTES = ${minutes}`,
    decoyMarker: 'expire after 30 minutes',
    pointerMarker: 'minutes=SESSION_MINUTES',
    searchTerms: ['minutes', 'session'],
    symbol: 'SESSION_MINUTES',
  };
};

export const INVESTIGATION_TEMPLATES: readonly Template[] = [
  retries,
  errorCode,
  devPort,
  uploadLimit,
  entryPoint,
  pinnedVersion,
  cacheVariable,
  sessionTimeout,
];

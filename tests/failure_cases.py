"""Tool outputs for the recap's failure detector (``digest.failure_lines``), in two sets.

``HELD_OUT_FAILED`` / ``HELD_OUT_OK`` were written (recap4, session 11) before the
detector was reworked and are never tuned on: the detector's rules come from what a
failure looks like in general (an exit status, a log level, an error's name, a count of
failures, a tool's own "failed" summary), and these outputs measure whether those rules
carry to tools nobody looked at. ``bench/bench_compaction.py`` prints the recall and the
false alarms on both sets; a miss here is reported, not patched with the tool's phrase.

``TUNE_FAILED`` / ``TUNE_OK``: outputs the detector was shaped on (the red team's lists
r10, r14, n1b and a7, and the review's false alarms and misses), asserted in the tests.
(The held-out set was measured once before the rework, 43/53 seen and 2/30 flagged; its
missed names were seen then.)
"""

from __future__ import annotations

# Every output below comes from a run that failed (non-zero exit or the tool's own
# failure status).
HELD_OUT_FAILED: dict[str, str] = {
    "ansible task": 'fatal: [web01]: FAILED! => {"changed": false, "msg": "No package matching '
    "'ngnix' is available\"}",
    "ansible recap": "PLAY RECAP *********\nweb01 : ok=3 changed=1 unreachable=0 failed=1 "
    "skipped=0 rescued=0 ignored=0",
    "helm install": "Error: INSTALLATION FAILED: cannot re-use a name that is still in use",
    "gcloud run": "Deploying container to Cloud Run service [api]\nERROR: (gcloud.run.deploy) "
    "Revision 'api-00012-abc' is not ready and cannot serve traffic.",
    "az cli": "(ResourceGroupNotFound) Resource group 'rg-prod' could not be found.\n"
    "Code: ResourceGroupNotFound",
    "aws s3 cp": "upload failed: ./dist/app.js to s3://acme-web/app.js An error occurred "
    "(AccessDenied) when calling the PutObject operation: Access Denied",
    "java npe": 'Exception in thread "main" java.lang.NullPointerException\n\tat '
    "com.acme.Cart.total(Cart.java:42)",
    "python syntax": '  File "app.py", line 3\n    def f(:\n          ^\nSyntaxError: invalid syntax',
    "node unhandled": "node:internal/process/promises:288\n            "
    "triggerUncaughtException(err, true /* fromPromise */);\n            ^\n\n"
    "[UnhandledPromiseRejection: This error originated either by throwing inside of an "
    "async function without a catch block]",
    "swift build": "error: emit-module command failed with exit code 1 (use -v to see invocation)",
    "make": "cc -o cart cart.c\nmake: *** [Makefile:12: build] Error 1",
    "gradle build": "FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
    "Execution failed for task ':app:compileDebugKotlin'.",
    "maven": "[INFO] ------------------------------------------------------------------------\n"
    "[INFO] BUILD FAILURE\n[INFO] Total time:  4.112 s",
    "pnpm": " ERR_PNPM_NO_MATCHING_VERSION  No matching version found for react@99.0.0",
    "bundler": "Could not find gem 'rails (~> 8.1)' in locally installed gems.",
    "composer": "Your requirements could not be resolved to an installable set of packages.\n\n"
    "  Problem 1\n    - laravel/framework v12.0 requires php ^8.4",
    "jest snapshot": " › 1 snapshot failed.\nSnapshot Summary\n › 1 snapshot failed from 1 test "
    "suite. Inspect your code changes or run `npm test -- -u` to update them.",
    "mocha": "  Cart\n    ✓ adds items\n\n  1 passing (12ms)\n  1 failing\n\n  1) Cart\n"
    "       totals:\n     AssertionError: expected 99 to equal 107",
    "karma": "Chrome Headless 120: Executed 12 of 12 (1 FAILED) (0.1 secs / 0.08 secs)",
    "selenium": "selenium.common.exceptions.TimeoutException: Message: \nStacktrace:\n#0 "
    "0x55d0c8f3",
    "psql auth": 'psql: error: connection to server at "db" (10.0.0.5), port 5432 failed: '
    'FATAL:  password authentication failed for user "app"',
    "mysql": "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
    "sqlite": "Error: in prepare, no such table: orders (1)",
    "snowflake": "002003 (42S02): SQL compilation error:\nObject 'ORDERS' does not exist or "
    "not authorized.",
    "docker build": '#8 [4/6] RUN npm ci\n#8 ERROR: process "/bin/sh -c npm ci" did not complete '
    'successfully: exit code: 1\nERROR: failed to solve: process "/bin/sh -c npm ci" did not '
    "complete successfully: exit code: 1",
    "compose": 'service "migrate" didn\'t complete successfully: exit 1',
    "kubectl rollout": 'Waiting for deployment "api" rollout to finish: 1 of 3 updated replicas '
    'are available...\nerror: deployment "api" exceeded its progress deadline',
    "pulumi": "Updating (prod):\n     Type                 Name   Status\n     aws:s3:Bucket        "
    "logs   **creating failed**\n\nDiagnostics:\n  pulumi:pulumi:Stack (api-prod):\n    error: "
    "update failed",
    "vercel": 'Error: Command "npm run build" exited with 1',
    "netlify": "Build script returned non-zero exit code: 2",
    "github actions": "##[error]Process completed with exit code 1.",
    "gitlab": "ERROR: Job failed: exit code 1",
    "jenkins": "[Pipeline] End of Pipeline\nFinished: FAILURE",
    "ffmpeg": "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x7f] moov atom not found\nin.mp4: Invalid data found "
    "when processing input\nConversion failed!",
    "imagemagick": "convert: unable to open image 'logo.png': No such file or directory @ "
    "error/blob.c/OpenBlob/3571.",
    "rsync": "rsync error: some files/attrs were not transferred (see previous errors) (code 23) "
    "at main.c(1338) [sender=3.2.7]",
    "ssh timeout": "ssh: connect to host 10.0.0.5 port 22: Connection timed out",
    "curl dns": "curl: (6) Could not resolve host: api.internal",
    "certbot": "Certbot failed to authenticate some domains (authenticator: nginx). The Certificate "
    "Authority reported these problems:",
    "elixir compile": "== Compilation error in file lib/cart.ex ==\n** (CompileError) "
    "lib/cart.ex:12: undefined function tax/1",
    "ghc": "src/Cart.hs:12:5: error:\n    • Couldn't match expected type ‘Int’ with actual "
    "type ‘String’",
    "dart analyze": "  error • Undefined name 'tax' • lib/cart.dart:12:5 • undefined_identifier\n\n"
    "1 issue found.",
    "xcodebuild dest": "xcodebuild: error: Unable to find a destination matching the provided "
    "destination specifier:",
    "airflow": "[2026-11-20, 10:00:01 UTC] {taskinstance.py:2700} ERROR - Task failed with "
    "exception\n[2026-11-20, 10:00:01 UTC] {taskinstance.py:1138} INFO - Marking task as FAILED.",
    "prefect": "Flow run 'fuzzy-owl' - Finished in state Failed('Flow run encountered an "
    "exception. ValueError: bad tax')",
    "celery": "[2026-11-20 10:00:01,123: ERROR/ForkPoolWorker-2] Task cart.tasks.recalc[3f2a] "
    "raised unexpected: ValueError('bad tax')",
    "grpcurl": 'ERROR:\n  Code: Unavailable\n  Message: connection error: desc = "transport: '
    'Error while dialing"',
    "vault": "Error reading secret/data/app: Error making API request.\n\nURL: GET "
    "https://vault:8200/v1/secret/data/app\nCode: 403. Errors:\n\n* permission denied",
    "windows not recognized": "'npm' is not recognized as an internal or external command,\n"
    "operable program or batch file.",
    "c assert": "cart: cart.c:42: main: Assertion `total == 107' failed.\nAborted (core dumped)",
    "pip version": "ERROR: Could not find a version that satisfies the requirement torch==9.9 "
    "(from versions: 2.4.0, 2.5.1)\nERROR: No matching distribution found for torch==9.9",
    "hugo": "Error: error building site: render: failed to render pages: template: "
    'index.html:12:3: executing "main" at <.Site.Foo>: can\'t evaluate field Foo',
    "nx affected": "\n >  NX   Ran target build for 3 projects (2s)\n\n    ✖  1/3 failed\n    ✔  "
    "2/3 succeeded [0 read from cache]",
}

# Every output below comes from a run that succeeded.
HELD_OUT_OK: dict[str, str] = {
    "dotnet build": "Build succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:04.12",
    "gradle ok": "BUILD SUCCESSFUL in 12s\n7 actionable tasks: 7 executed",
    "maven ok": "[INFO] BUILD SUCCESS\n[INFO] Total time:  3.201 s",
    "jenkins ok": "Finished: SUCCESS",
    "ansible ok": "PLAY RECAP *********\nweb01 : ok=5 changed=2 unreachable=0 failed=0 skipped=1 "
    "rescued=0 ignored=0",
    "rollout ok": 'deployment "api" successfully rolled out',
    "next build": "✓ Compiled successfully in 2.1s\n✓ Generating static pages (12/12)",
    "unittest ok": "............\n----------------------------------------------------------------"
    "------\nRan 12 tests in 0.300s\n\nOK",
    "cargo ok": "running 12 tests\ntest result: ok. 12 passed; 0 failed; 0 ignored; 0 measured",
    "grep of handlers": "src/retry.py:8:    except TimeoutError:\nsrc/retry.py:9:        "
    "log.warning('timed out, retrying')",
    "warn log": "2026-11-20T10:00:01Z WARN payment retry scheduled (attempt 2 of 5)",
    "git log": "e4f5a6b docs: explain error codes\n7c8d9e0 ci: fail fast on lint",
    "pip ok": "Successfully installed requests-2.32.3 urllib3-2.2.3",
    "go test ok": "ok  \tgithub.com/acme/cart\t0.012s",
    "json ok": '{"status": "ok", "errors": [], "count": 3}',
    "counter": "error_count: 0\nwarning_count: 2",
    "no errors": "No errors found.",
    "checked": "Checked 14 files, 0 errors",
    "ls": "ERRORS.md\nFAILURES.md\nREADME.md\nsrc",
    "mypy ok": "Success: no issues found in 12 source files",
    "jest ok": "PASS src/errors.test.ts\n  ✓ reports an error for bad input (3 ms)\n\nTests:       "
    "1 passed, 1 total",
    "pytest test names": "tests/test_cart.py::test_total_fails_on_negative PASSED\n"
    "tests/test_cart.py::test_error_message PASSED",
    "helm ok": 'Release "api" has been upgraded. Happy Helming!\nNAME: api\nSTATUS: deployed\n'
    "REVISION: 14",
    "terraform plan": "Plan: 2 to add, 0 to change, 0 to destroy.",
    "kubectl pods": "NAME        READY   STATUS      RESTARTS   AGE\napi-7d9f    1/1     Running     "
    "0          2d\nmigrate-1   0/1     Completed   0          2d",
    "lint clean": "Lint passed with 0 warnings and 0 errors.",
    "docker ok": "#8 [4/6] RUN npm ci\n#8 DONE 12.3s\n => exporting to image",
    "systemctl ok": "● nginx.service - A high performance web server\n     Loaded: loaded\n     "
    "Active: active (running) since Tue 2026-12-01 10:00:01 UTC; 2h ago",
    "gh pr checks": "All checks were successful\n0 failing, 0 pending, and 5 successful checks",
    "sql select": " id | status  | error_message\n----+---------+---------------\n  1 | paid    |\n"
    "  2 | paid    |\n(2 rows)",
}
TUNE_FAILED: dict[str, str] = {
    # the brief of recap12 (session 19): tools whose failure text no marker above knew
    "az cli error": "ERROR: (ResourceNotFound) Resource group 'rg-prod' could not be found.\n"
    "Code: ResourceNotFound",
    "composer": "Loading composer repositories with package information\nYour requirements "
    "could not be resolved to an installable set of packages.\n\n  Problem 1\n    - "
    "laravel/framework v10 requires php ^8.1",
    "curl dns": "curl: (6) Could not resolve host: api.internal",
    "celery task": "[2026-01-01 10:00:00,000: ERROR/ForkPoolWorker-1] Task tasks.sync[abc-123] "
    "raised unexpected: ConnectionError('redis down')",
    "windows unknown command": "'mvnw' is not recognized as an internal or external command,\n"
    "operable program or batch file.",
    "powershell unknown command": "gradlew : The term 'gradlew' is not recognized as the name of "
    "a cmdlet, function, script file, or operable program.",
    "docker daemon": "Unable to find image 'acme/worker:7' locally\ndocker: Error response from "
    "daemon: manifest for acme/worker:7 not found: manifest unknown.",
    "npm 10": "npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/lft-pad",
    "a7 ansible": 'TASK [nginx : restart] ***\nfatal: [web-01]: FAILED! => {"changed": false, "msg": "Unable to restart service nginx"}\nPLAY RECAP ***\nweb-01 : ok=4 changed=1 unreachable=0 failed=1',
    "a7 helm": "Error: INSTALLATION FAILED: cannot re-use a name that is still in use",
    "a7 docker build": '#7 [3/5] RUN pip install -r requirements.txt\n#7 ERROR: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1',
    "a7 npm ERR": "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! shop@1.0.0 build: `next build`",
    "a7 jest": "Tests:       1 failed, 41 passed, 42 total\nSnapshots:   0 total",
    "a7 mocha": "  41 passing (2s)\n  1 failing\n\n  1) Cart\n       adds tax:\n     AssertionError: expected 99.99 to equal 107.99",
    "a7 cargo test": "test cart::adds_tax ... FAILED\n\nfailures:\n    cart::adds_tax\n\ntest result: FAILED. 11 passed; 1 failed; 0 ignored",
    "a7 rspec": "Finished in 1.2 seconds\n12 examples, 1 failure\n\nFailed examples:\n\nrspec ./spec/cart_spec.rb:14 # Cart adds tax",
    "a7 phpunit": "FAILURES!\nTests: 5, Assertions: 8, Failures: 1.",
    "a7 dotnet test": "Failed!  - Failed:     1, Passed:    41, Skipped:     0, Total:    42, Duration: 2 s - Cart.Tests.dll (net8.0)",
    "a7 make": "cc -c cart.c\nmake: *** [Makefile:12: cart.o] Error 1",
    "a7 mysql": "ERROR 1045 (28000): Access denied for user 'app'@'10.0.0.5' (using password: YES)",
    "a7 curl connect": "curl: (7) Failed to connect to api.internal port 443 after 3 ms: Couldn't connect to server",
    "a7 segfault": "Segmentation fault (core dumped)",
    "a7 java NPE": 'Exception in thread "main" java.lang.NullPointerException: Cannot invoke "String.length()" because "s" is null\n\tat Cart.total(Cart.java:12)',
    "a7 node unhandled": "node:internal/process/promises:289\n            triggerUncaughtException(err, true /* fromPromise */);\n[UnhandledPromiseRejection: This error originated either by throwing inside of an async function]",
    "a7 R": "Error in library(forecast) : there is no package called 'forecast'\nExecution halted",
    "a7 julia": "ERROR: LoadError: UndefVarError: `DataFrame` not defined",
    "a7 sbt": "[error] (Compile / compileIncremental) Compilation failed\n[error] Total time: 4 s",
    "a7 elixir": "** (CompileError) lib/cart.ex:12: undefined function tax/1",
    "a7 nix": "error: builder for '/nix/store/abc-cart-1.0.drv' failed with exit code 1",
    "a7 gh actions": "Error: Process completed with exit code 1.",
    "a7 terraform apply": "│ Error: creating EC2 NAT Gateway: NatGatewayLimitExceeded: The maximum number of NAT gateways has been reached.\n│ \tstatus code: 400",
    "a7 http 500 json": 'HTTP/1.1 500 Internal Server Error\n{"error": "upstream timeout"}',
    "a7 http 409 json": 'POST /v2/refunds\nHTTP/1.1 409 Conflict\n{"error": "REFUND_WINDOW_EXPIRED"}',
    "a7 sklearn traceback": "ValueError                                Traceback (most recent call last)\nCell In[14], line 1\nValueError: Input X contains NaN.",
    "a7 ja エラー": "エラー: ファイル policies/returns_2026.md が見つかりません\n終了コード 1",
    "a7 de FEHLER": "FEHLER: Mitarbeiter 40417: Steuer-ID ungültig (Prüfziffer)\n1 Fehler, 212 Abrechnungen berechnet\nExit-Code 2",
    "a7 es error": "error: no se pudo abrir el archivo «clientes.csv»: No existe el archivo o el directorio",
    "a7 fr erreur": "Erreur : échec de la connexion à la base de données (délai dépassé)",
    "a7 powershell de": 'Get-Item : Der Pfad "C:\\app\\cfg.json" kann nicht gefunden werden, da er nicht vorhanden ist.\n    + CategoryInfo          : ObjectNotFound',
    "a7 windows ja": "指定されたパスが見つかりません。",
    "failed then retried": "upload failed; retry succeeded",
    "n1b OOM kill": "Killed",
    "n1b airflow": "[2026-11-20 02:31:44] {taskinstance.py:1937} ERROR - Task failed with exception\n"
    "airflow.exceptions.AirflowTaskTimeout: Timeout, PID: 4412",
    "n1b ansible": 'fatal: [web-01]: FAILED! => {"changed": false, "msg": "No package matching '
    "'nginx-extras' is available\"}\n"
    "PLAY RECAP *********\n"
    "web-01 : ok=3 changed=0 unreachable=0 failed=1",
    "n1b aws cli": "An error occurred (AccessDenied) when calling the PutObject operation: Access "
    "Denied",
    "n1b bigquery": "BigQuery error in query operation: Error processing job 'proj:bqjob_r1': Not "
    "found: Table proj:ds.orders was not found in location US",
    "n1b cargo": "error[E0425]: cannot find value `x` in this scope\n"
    " --> src/main.rs:2:13\n"
    "error: could not compile `app` due to previous error",
    "n1b curl": "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Connection refused",
    "n1b dbt run": "1 of 1 START sql incremental model marts.orders_daily\n"
    "1 of 1 ERROR creating sql incremental model marts.orders_daily\n"
    "  Database Error in model orders_daily (models/marts/orders_daily.sql)\n"
    "  000630 (57014): Statement reached its statement or warehouse timeout of 3600 "
    "second(s) and was canceled.\n"
    "Done. PASS=0 WARN=0 ERROR=1 SKIP=0 TOTAL=1",
    "n1b dbt test": "2 of 2 FAIL 37 unique_orders_daily_refund_id [FAIL 37 in 2.9s]\n"
    "Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2",
    "n1b docker build": '#12 ERROR: process "/bin/sh -c pip install -r requirements.txt" did not '
    "complete successfully: exit code: 1\n"
    "------\n"
    'ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" '
    "did not complete successfully: exit code: 1",
    "n1b dotnet test": "Failed CartTests.AddsItem [12 ms]\n"
    "  Error Message:\n"
    "   Assert.Equal() Failure\n"
    "Failed!  - Failed:     1, Passed:    11, Skipped:     0, Total:    12",
    "n1b gcc": "main.c:12:5: error: implicit declaration of function 'foo' "
    "[-Werror=implicit-function-declaration]",
    "n1b gcloud": "ERROR: (gcloud.run.deploy) PERMISSION_DENIED: Permission 'run.services.create' "
    "denied on resource",
    "n1b git": "fatal: not a git repository (or any of the parent directories): .git",
    "n1b git push": "To github.com:acme/api.git\n"
    " ! [rejected]        main -> main (non-fast-forward)\n"
    "error: failed to push some refs to 'github.com:acme/api.git'",
    "n1b go build": "./main.go:14:2: undefined: fooBar",
    "n1b gradle": "FAILURE: Build failed with an exception.\n"
    "* What went wrong:\n"
    "Execution failed for task ':app:compileJava'.\n"
    "BUILD FAILED in 3s",
    "n1b graphql": '{"data": null, "errors": [{"message": "Cannot return null for non-nullable field '
    'Query.order", "path": ["order"]}]}',
    "n1b helm": "Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress",
    "n1b http json": '{"error": {"code": "card_declined", "decline_code": "PROCESSOR_TIMEOUT_91", '
    '"message": "issuer unavailable", "status": 502}}',
    "n1b hunspell": "color\norganize\nharbor\n3 misspelled words\nexit status 1",
    "n1b jest": "FAIL src/cart.test.ts\n"
    "  ● Cart › adds an item\n"
    "    expect(received).toBe(expected)\n"
    "Tests:       1 failed, 11 passed, 12 total",
    "n1b kubectl apply": 'The Deployment "api" is invalid: spec.template.spec.containers[0].image: '
    "Required value",
    "n1b mocha": "  3 passing (20ms)\n"
    "  1 failing\n"
    "\n"
    "  1) Cart\n"
    "       adds an item:\n"
    "     AssertionError: expected 2 to equal 3",
    "n1b msiexec": "Product: Figma -- Installation failed.\n"
    "MSI (s) (A4:2C) [10:01:22:123]: Windows Installer installed the product. "
    "Installation success or error status: 1603.",
    "n1b mypy": 'src/app.py:3: error: Incompatible types in assignment (expression has type "int", '
    'variable has type "str")  [assignment]\n'
    "Found 1 error in 1 file (checked 4 source files)",
    "n1b mysql": "ERROR 1045 (28000): Access denied for user 'etl'@'10.0.0.9' (using password: YES)",
    "n1b nginx -t": 'nginx: [emerg] unknown directive "proxy_passs" in /etc/nginx/conf.d/api.conf:12\n'
    "nginx: configuration file /etc/nginx/nginx.conf test failed",
    "n1b node": "node:internal/modules/cjs/loader:1080\n"
    "  throw err;\n"
    "  ^\n"
    "\n"
    "Error: Cannot find module 'express'",
    "n1b phpunit": "There was 1 failure:\n"
    "\n"
    "1) CartTest::testAddsItem\n"
    "Failed asserting that 2 matches expected 3.\n"
    "\n"
    "FAILURES!\n"
    "Tests: 12, Assertions: 30, Failures: 1.",
    "n1b pip": "ERROR: Could not find a version that satisfies the requirement dbt-snowflake==9.9.9 "
    "(from versions: 1.7.0, 1.8.4)\n"
    "ERROR: No matching distribution found for dbt-snowflake==9.9.9",
    "n1b playwright": "  1) [chromium] › checkout.spec.ts:12:5 › pays with card ─────\n"
    "    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n"
    "  1 failed\n"
    "  7 passed (14.2s)",
    "n1b powershell": "Remove-Item : Access to the path 'C:\\Users\\sam\\AppData\\Roaming\\Figma' is "
    "denied.\n"
    "    + CategoryInfo          : PermissionDenied",
    "n1b pre-commit": "black....................................................................Failed\n"
    "- hook id: black\n"
    "- files were modified by this hook",
    "n1b psql": 'psql: error: connection to server at "db" (10.0.0.5), port 5432 failed: FATAL:  '
    'password authentication failed for user "etl"',
    "n1b python": "Traceback (most recent call last):\n"
    '  File "etl.py", line 3, in <module>\n'
    "    import polars\n"
    "ModuleNotFoundError: No module named 'polars'",
    "n1b rspec": "Failures:\n"
    "\n"
    "  1) Cart adds an item\n"
    "     Failure/Error: expect(cart.size).to eq(3)\n"
    "\n"
    "       expected: 3\n"
    "            got: 2\n"
    "\n"
    "5 examples, 1 failure",
    "n1b rsync": 'rsync: [sender] link_stat "/data/x" failed: No such file or directory (2)\n'
    "rsync error: some files/attrs were not transferred (see previous errors) (code 23) "
    "at main.c(1338)",
    "n1b ruff": "src/app.py:1:8: F401 [*] `os` imported but unused\n"
    "Found 1 error.\n"
    "[*] 1 fixable with the `--fix` option.",
    "n1b segfault": "Segmentation fault (core dumped)",
    "n1b snowflake sql": "002003 (42S02): SQL compilation error:\n"
    "Object 'ANALYTICS.ORDERS_DAILY' does not exist or not authorized.",
    "n1b spark": "py4j.protocol.Py4JJavaError: An error occurred while calling o123.save.\n"
    ": org.apache.spark.SparkException: Job aborted due to stage failure: Task 3 in "
    "stage 7.0 failed 4 times",
    "n1b sqlite": "Parse error: no such table: refunds\n"
    "  select * from refunds;\n"
    "                ^--- error here",
    "n1b ssh": "ssh: connect to host bastion.internal port 22: Connection refused",
    "n1b systemctl": "Job for nginx.service failed because the control process exited with error "
    "code.\n"
    'See "systemctl status nginx.service" and "journalctl -xeu nginx.service" for '
    "details.",
    "n1b terraform": "│ Error: creating S3 Bucket (acme-logs): BucketAlreadyExists\n"
    "│\n"
    "│   with aws_s3_bucket.logs,\n"
    "│   on main.tf line 3",
    "n1b vale": "docs/x.md\n"
    " 3:12  error  Did you really mean 'recieve'?  Vale.Spelling\n"
    "✖ 1 error, 0 warnings and 0 suggestions in 1 file.",
    "n1b wget": "--2026-11-20 10:00:01--  https://example.com/x.tar.gz\n"
    "HTTP request sent, awaiting response... 404 Not Found\n"
    "2026-11-20 10:00:01 ERROR 404: Not Found.",
    "n1b winget": "Installer failed with exit code: 1603",
    "n1b yarn": "error Command failed with exit code 1.\n"
    "info Visit https://yarnpkg.com/en/docs/cli/run for documentation about this command.",
    "r10 R CMD check": "* checking tests ...\n"
    "  Running 'testthat.R'\n"
    " ERROR\n"
    "Running the tests in 'tests/testthat.R' failed.\n"
    "Status: 1 ERROR",
    "r10 adb install": "Performing Streamed Install\n"
    "adb: failed to install app-release.apk: Failure "
    "[INSTALL_FAILED_UPDATE_INCOMPATIBLE: Package com.shop signatures do not match "
    "previously installed version; ignoring!]",
    "r10 android instrumented": "com.shop.CheckoutTest > payButton[Pixel_8_API_34(AVD) - 14] FAILED\n"
    "\tandroidx.test.espresso.NoMatchingViewException: No views in "
    "hierarchy found matching: with id: com.shop:id/pay\n"
    "Tests on Pixel_8_API_34(AVD) - 14 failed: There was 1 failure(s).",
    "r10 cargo test": "test cart::tests::total ... FAILED\n"
    "\n"
    "failures:\n"
    "\n"
    "test result: FAILED. 3 passed; 1 failed; 0 ignored",
    "r10 cocoapods": "[!] CocoaPods could not find compatible versions for pod "
    '"Firebase/Crashlytics":\n'
    "  In Podfile:\n"
    "    Firebase/Crashlytics (~> 10.0)",
    "r10 docx2pdf": "ERROR: font 'Garamond Premier Pro' is not embedded and no substitute is allowed\n"
    "conversion aborted (exit status 3)",
    "r10 dotnet test": "  Failed Cart.Tests.TotalIncludesTax [12 ms]\n"
    "  Error Message:\n"
    "   Assert.Equal() Failure\n"
    "Failed!  - Failed:     1, Passed:    41, Skipped:     0, Total:    42",
    "r10 elixir": "  1) test total includes tax (CartTest)\n"
    "     test/cart_test.exs:5\n"
    "     Assertion with == failed\n"
    "\n"
    "Finished in 0.03 seconds\n"
    "1 test, 1 failure",
    "r10 fastlane": "[!] No matching provisioning profiles found for 'Shop'\n"
    "[10:01:02]: fastlane finished with errors",
    "r10 flutter test": "00:03 +5 -1: /app/test/cart_test.dart: total includes tax [E]\n"
    "  Expected: <107.99>\n"
    "    Actual: <99.99>\n"
    "00:04 +5 -1: Some tests failed.",
    "r10 go test": "--- FAIL: TestTotal (0.00s)\n"
    "    cart_test.go:14: got 99.99, want 107.99\n"
    "FAIL\n"
    "FAIL\tgithub.com/acme/cart\t0.004s",
    "r10 gradle unit test": "> Task :app:testDebugUnitTest\n"
    "\n"
    "CartViewModelTest > totalIncludesTax FAILED\n"
    "    java.lang.AssertionError at CartViewModelTest.kt:58\n"
    "\n"
    "12 tests completed, 1 failed\n"
    "\n"
    "> Task :app:testDebugUnitTest FAILED",
    "r10 ha logs": "2026-11-20 10:00:01.123 ERROR (MainThread) [homeassistant.components.hue] Error "
    "connecting to the Hue bridge at 192.168.1.20",
    "r10 home assistant": "Invalid config for 'automation' at automations.yaml, line 42: 'trigger' is "
    "an invalid option for 'hallway_motion', check: triggers",
    "r10 http 403 plain": "GET https://pubs.acs.org/doi/pdf/10.1021/x\nHTTP/1.1 403 Forbidden",
    "r10 json error 404": '{"status": 404, "error": "Not Found", "path": "/v2/cart"}',
    "r10 kotlinc": "e: file:///home/ci/shop/app/src/main/java/com/shop/Cart.kt:12:5 Unresolved "
    "reference: fooBar",
    "r10 latex": "! Undefined control sequence.\n"
    "l.42 \\citep\n"
    "             {horton2017}\n"
    "! Emergency stop.\n"
    "No pages of output.",
    "r10 npm test": "Test Suites: 1 failed, 7 passed, 8 total\n"
    "Tests:       1 failed, 52 passed, 53 total",
    "r10 pandoc": "[WARNING] Citeproc: citation horton2017 not found\n"
    "pandoc: Could not fetch resource 'figures/fig2.png': resource not found",
    "r10 phpunit": "There was 1 failure:\n"
    "\n"
    "1) CartTest::testTotal\n"
    "Failed asserting that 99.99 matches expected 107.99.\n"
    "\n"
    "FAILURES!\n"
    "Tests: 10, Assertions: 12, Failures: 1.",
    "r10 react native metro": "error: bundling failed: Error: Unable to resolve module `./CartScreen` "
    "from `App.js`",
    "r10 rspec": "Failures:\n"
    "\n"
    "  1) Cart total includes tax\n"
    "     Failure/Error: expect(cart.total).to eq(107.99)\n"
    "\n"
    "3 examples, 1 failure",
    "r10 swift test": "Test Case 'CartTests.testTotal' failed (0.003 seconds).\n"
    "Executed 5 tests, with 1 failure (0 unexpected) in 0.010 (0.011) seconds",
    "r10 swiftc": "/Users/ci/Shop/Cart.swift:12:5: error: cannot find 'fooBar' in scope\n"
    "    fooBar()\n"
    "    ^~~~~~",
    "r10 xcodebuild archive": "note: Building targets in dependency order\n"
    "** ARCHIVE FAILED **\n"
    "\n"
    "The following build commands failed:\n"
    "\tCompileSwift normal arm64 (in target 'Shop' from project 'Shop')\n"
    "(1 failure)",
    "r10 xctest": "Test Suite 'CartTests' started at 2026-11-20 10:00:00.000\n"
    "Test Case '-[ShopTests.CartTests testTotal]' started.\n"
    "/Users/ci/Shop/ShopTests/CartTests.swift:42: error: -[ShopTests.CartTests "
    'testTotal] : XCTAssertEqual failed: ("99.99") is not equal to ("107.99")\n'
    "Test Case '-[ShopTests.CartTests testTotal]' failed (0.012 seconds).\n"
    "** TEST FAILED **",
    "r10 zigbee2mqtt": "Zigbee2MQTT:error 2026-11-20 10:00:02: Failed to ping 'hallway_sensor' "
    "(attempt 1/1, Publish 'get' 'state' to 'hallway_sensor' failed)",
    "r14 alembic": "FAILED: Can't locate revision identified by 'a1b2c3d4e5f6'",
    "r14 black --check": "would reformat src/cart.py\n"
    "\n"
    "Oh no! 💥 💔 💥\n"
    "1 file would be reformatted, 11 files would be left unchanged.",
    "r14 cmake": "CMake Error at CMakeLists.txt:10 (find_package):\n"
    '  Could not find a package configuration file provided by "OpenCV"',
    "r14 conda": "PackagesNotFoundError: The following packages are not available from current "
    "channels:\n"
    "\n"
    "  - pytorch-cuda=12.9",
    "r14 curl -f": "curl: (22) The requested URL returned error: 500",
    "r14 cypress": "  (Run Finished)\n"
    "       Spec                 Tests  Passing  Failing\n"
    "  ✖  cart.cy.ts           5        4        1\n"
    "  ✖  1 of 5 failed (20%)",
    "r14 django": "django.db.utils.OperationalError: no such table: cart_item",
    "r14 docker run": "docker: Error response from daemon: driver failed programming external "
    "connectivity on endpoint web: Bind for 0.0.0.0:80 failed: port is already "
    "allocated.",
    "r14 git merge": "Auto-merging src/cart.py\n"
    "CONFLICT (content): Merge conflict in src/cart.py\n"
    "Automatic merge failed; fix conflicts and then commit the result.",
    "r14 git rebase": "error: could not apply 1a2b3c4... cart: tax rounding\n"
    "hint: Resolve all conflicts manually, mark them as resolved with",
    "r14 k6": "     ✗ http_req_failed................: 12.50% ✓ 25   ✗ 175\n"
    "ERRO[0031] thresholds on metrics 'http_req_duration' have been crossed",
    "r14 k8s events": "LAST SEEN   TYPE      REASON             OBJECT        MESSAGE\n"
    "2m          Warning   FailedScheduling   pod/api-0     0/3 nodes are "
    "available: 3 Insufficient memory.",
    "r14 ld": "/usr/bin/ld: cart.o: in function `main':\n"
    "cart.c:(.text+0x1a): undefined reference to `tax'\n"
    "collect2: error: ld returned 1 exit status",
    "r14 mongosh": "MongoServerError: E11000 duplicate key error collection: shop.orders index: "
    "order_id_1 dup key: { order_id: 42 }",
    "r14 mypy": 'src/cart.py:3: error: Incompatible types in assignment (expression has type "str", '
    'variable has type "int")  [assignment]\n'
    "Found 1 error in 1 file (checked 12 source files)",
    "r14 nginx -t": 'nginx: [emerg] unknown directive "proxy_passs" in /etc/nginx/conf.d/app.conf:14\n'
    "nginx: configuration file /etc/nginx/nginx.conf test failed",
    "r14 oracle": "ORA-00942: table or view does not exist",
    "r14 pip resolver": "ERROR: pip's dependency resolver does not currently take into account all "
    "the packages that are installed.\n"
    "requests 2.19.0 requires urllib3<1.24, but you have urllib3 2.2.1 which is "
    "incompatible.",
    "r14 powershell path": "Get-Item : Cannot find path 'C:\\Apps\\Figma' because it does not exist.\n"
    "At line:1 char:1",
    "r14 psql relation": 'ERROR:  relation "orders" does not exist\n'
    "LINE 1: select * from orders;\n"
    "                      ^",
    "r14 pytest collection": "==================================== ERRORS "
    "====================================\n"
    "__________________ ERROR collecting tests/test_cart.py "
    "__________________\n"
    "ImportError while importing test module '/app/tests/test_cart.py'.\n"
    "!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection "
    "!!!!!!!!!!!!!!!!!!!!",
    "r14 redis-cli": "(error) WRONGTYPE Operation against a key holding the wrong kind of value",
    "r14 slack api": '{"ok": false, "error": "channel_not_found"}',
    "r14 sql server": "Msg 208, Level 16, State 1, Line 1\nInvalid object name 'orders'.",
    "r14 systemd": "nginx.service: Main process exited, code=exited, status=1/FAILURE\n"
    "nginx.service: Failed with result 'exit-code'.",
    "r14 terraform validate": "Error: Unsupported argument\n"
    "\n"
    '  on main.tf line 12, in resource "aws_s3_bucket" "logs":\n'
    '  12:   acl_policy = "private"',
    "r14 tsc": "src/cart.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.\n"
    "\n"
    "Found 1 error in src/cart.ts:3",
    "r14 valgrind": "==1234== Invalid read of size 4\n"
    "==1234== ERROR SUMMARY: 3 errors from 3 contexts (suppressed: 0 from 0)",
    "r14 vite build": "vite v5.4.2 building for production...\n"
    "error during build:\n"
    '[vite]: Rollup failed to resolve import "./CartScreen" from "src/App.tsx".',
    "r14 webpack": "ERROR in ./src/index.js 3:0-34\n"
    "Module not found: Error: Can't resolve './cart' in '/app/src'\n"
    "webpack 5.91.0 compiled with 1 error in 812 ms",
    "r14 windows": "The system cannot find the file specified.",
    "r14 yarn berry": "➤ YN0000: ┌ Resolution step\n"
    "➤ YN0001: │ Error: react@npm:19.0.0: No candidates found\n"
    "➤ YN0000: └ Completed in 0s 412ms\n"
    "➤ YN0000: Failed with errors in 0s 415ms",
    "retry exhausted": "attempt 1/3: connection refused\n"
    "attempt 2/3: connection refused\n"
    "attempt 3/3: connection refused",
    "review curl": "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect "
    "to server",
    "review docker": 'ERROR: failed to solve: process "/bin/sh -c pip install" did not complete '
    "successfully: exit code: 1",
    "review exit code": "Process finished with exit code 137",
    "review gradle": "FAILURE: Build failed with an exception.",
    "review java": "[ERROR] BUILD FAILURE",
    "review jest": "Tests:       1 failed, 4 passed, 5 total",
    "review make": "make: *** [Makefile:12: build] Error 2",
    "review npm ERR!": "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1",
    "review psql": 'psql: error: connection to server at "db" failed: FATAL:  password authentication '
    "failed",
    "review python": "Traceback (most recent call last):\n"
    '  File "a.py", line 1\n'
    "ZeroDivisionError: division by zero",
    "review recall 0": "Error: connect ECONNREFUSED 127.0.0.1:5432",
    "review recall 1": "E: Unable to locate package foo",
    "review recall 10": "FAIL\tgithub.com/acme/api/handlers\t0.012s",
    "review recall 11": "ERROR: Could not find a version that satisfies the requirement torch==9.9",
    "review recall 12": "ModuleNotFoundError: No module named 'foo'",
    "review recall 13": "error: failed to push some refs to 'origin'",
    "review recall 14": "Build failed in 3.2s",
    "review recall 15": "✗ 2 tests failed",
    "review recall 16": "Status: Downloaded newer image\n"
    "Error response from daemon: pull access denied",
    "review recall 17": "ssh: Could not resolve hostname db01",
    "review recall 2": "fatal: not a git repository (or any of the parent directories): .git",
    "review recall 3": "Segmentation fault (core dumped)",
    "review recall 4": "panic: runtime error: index out of range [3] with length 3",
    "review recall 5": "bash: tsc: command not found",
    "review recall 6": "git@github.com: Permission denied (publickey).",
    "review recall 7": "HTTP/1.1 500 Internal Server Error",
    "review recall 8": "Last State: Terminated\n  Reason: OOMKilled",
    "review recall 9": "exit status 2",
    "review rust": "error[E0425]: cannot find value `x` in this scope",
    "review terraform": "│ Error: creating S3 Bucket: BucketAlreadyExists",
}

TUNE_OK: dict[str, str] = {
    # a cross or a captured log's level in a run that passed (R18-R2)
    "jest todo cross": "PASS src/cart/cart.test.ts\n  ✓ adds items (3 ms)\n  ✕ skipped: legacy "
    "coupon (todo)\n\nTests:       0 failed, 1 todo, 18 passed, 19 total",
    "cross counting none": "lint ✓\ntypes ✓\nunit ✓ (✗ 0)\nall green",
    "pytest captured error log": "tests/test_logging.py::test_logs_error PASSED\n------ Captured "
    "log call ------\nERROR    acme.retry:retry.py:41 retry budget exhausted (expected in this "
    "test)\n============================== 12 passed in 1.2s ==============================",
    "a7 pytest ok with failure words": "tests/auth/test_login.py::test_failed_login_shows_error PASSED\n======= 14 passed, 1 xfailed in 3.02s =======",
    "a7 eslint 0 errors": "✖ 0 problems (0 errors, 0 warnings)\nerrors: 0, failures: 0",
    "a7 go ok errors pkg": "ok  \tgithub.com/acme/api/errors\t0.012s\nok  \tgithub.com/acme/api/failover\t0.40s",
    "a7 jest all passed": "Tests:       42 passed, 42 total\nTime:        2.1 s",
    "a7 terraform plan ok": "Plan: 5 to add, 2 to change, 0 to destroy.",
    "a7 log grep": "2026-11-28 12:00:01 INFO retrying failed jobs: 0 remaining",
    "a7 cargo ok": "test result: ok. 12 passed; 0 failed; 0 ignored",
    "a7 ja 成功": "返金 RF-77120 を作成しました（エラーなし）",
    "a7 de erfolgreich": "Lauf 2026-12 AUG: 0 Fehler, 213 Abrechnungen berechnet\nExit-Code 0",
    "a7 http 201": 'HTTP/1.1 201 Created\n{"refund_id": "RF-77120", "error": null}',
    "r14 eslint clean": "✔ No problems found (0 errors, 0 warnings)",
    "r14 git log": "a1b2c3d fix: handle failed refunds\nb2c3d4e test: add failing-case coverage",
    "r14 grep result": "src/errors.py:12:class FailedPayment(Exception):\n"
    "src/errors.py:20:def handle_error(e):",
    "r14 k8s healthy": "NAME    READY   STATUS    RESTARTS   AGE\n"
    "api-0   1/1     Running   0          3d",
    "r14 log info mentioning errors": "2026-11-20 10:00:01 INFO retry policy: max 3 attempts on "
    "error; no errors in the last hour",
    "r14 metrics": "error_rate=0.00 p99_ms=41 failures_total=0",
    "r14 pytest pass with 'error' names": "tests/test_errors.py::test_error_handling PASSED\n"
    "tests/test_errors.py::test_failure_message PASSED\n"
    "2 passed in 0.10s",
    "r14 ruff clean": "All checks passed!",
    "r14 summary zero": "Tests: 0 failed, 53 passed, 53 total",
    "r14 tsc clean": "Found 0 errors. Watching for file changes.",
    "review cargo ok with word": "Compiling errors v0.1.0\n"
    "Finished dev [unoptimized] target(s) in 2.1s",
    "review docs grep": "README.md:3: Returns an error in the response body when the id is invalid: "
    "see below",
    "review error handling test names": "test_error_in_parser PASSED\n"
    "test_error_while_reading PASSED\n"
    "2 passed in 0.1s",
    "review eslint --fix": "✔ 12 problems fixed\nFixed 4 errors automatically.",
    "review git log subject with ERROR": "a1b2c3d Handle FAIL state in CI badge\n"
    "9f8e7d6 Log ERROR level to stderr",
    "review good 0": "All checks passed!",
    "review good 1": "0 vulnerabilities found",
    "review good 2": "Build succeeded. 0 Warning(s) 0 Error(s)",
    "review good 3": "Tests: 12 passed, 12 total",
    "review good 4": "errors: []",
    "review good 5": '{"errors": [], "data": {"ok": true}}',
    "review good 6": "Deleted 3 failed jobs from the queue",
    "review good 7": "Retrying failed uploads... done (3/3 succeeded)",
    "review good 8": "grep -c ERROR app.log\n0",
    "review good 9": "kubectl get pods\nNAME READY STATUS RESTARTS\napi-1 1/1 Running 0",
    "review grep of code, upper case": "src/app.py:10:    if status == FAIL:\n"
    "src/app.py:12:        raise ERROR",
    "review k8s permission fine": "role.rbac.authorization.k8s.io/AccessDenied-handler created",
    "review log count": "Processed 1,000 rows with 2 errors ignored (allowed by --max-bad-records=5); "
    "load DONE",
    "review mypy success": "Success: no issues found in 12 source files",
    "review pytest -k error summary": "collected 5 items\n"
    "tests/test_errors.py .....\n"
    "5 passed, 0 errors in 0.2s",
    "review retried and recovered": "attempt 1: connection refused\nattempt 2: connected, 200 OK",
    "review ruff --fix, all fixed": "Found 3 errors (3 fixed, 0 remaining).",
    "review spell checker fixed": "Corrected 2 misspellings in README.md",
    "review stats": "requests=1200 errors=0 p99=120ms\nretries: 1 errors: 0",
    "review tests named Killed": "4412 Killed tests skipped: none",
}

"""The checks of the deploy files that no linter makes (scripts/check-deploy runs this).

The Kubernetes manifests: several instances, probes on /readyz and /healthz, a grace period longer
than the drain, non-root with a read-only root, selectors that match the pods, and every secret and
configuration read there. All files: every DOORSTEP_ variable is one the server reads. Then the
built server is started with the systemd unit's configuration and with the Kubernetes one, and must
turn ready: a public https server that is refused its configuration (no SMTP, no key-encryption
key, a dev mailbox on a public address) fails here, not on the operator's first deploy.
"""

import argparse
import base64
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
KEY_PLACEHOLDER = "REPLACE_WITH_openssl_rand_base64_32"
problems: list[str] = []


def check(condition: bool, problem: str) -> None:
    if not condition:
        problems.append(problem)


def server_variables() -> set[str]:
    """The DOORSTEP_ variables the server's sources name."""
    names: set[str] = set()
    for path in (ROOT / "Sources").rglob("*.swift"):
        names |= set(re.findall(r'"(DOORSTEP_[A-Z0-9_]+)"', path.read_text()))
    return names


def manifests() -> dict[str, dict]:
    """The Kubernetes objects, by kind (one of each)."""
    objects: dict[str, dict] = {}
    paths = sorted((DEPLOY / "kubernetes").glob("*.yaml")) + sorted((DEPLOY / "kubernetes/examples").glob("*.yaml"))
    for path in paths:
        for document in yaml.safe_load_all(path.read_text()):
            if document:
                check(document["kind"] not in objects, f"two {document['kind']} objects")
                objects[document["kind"]] = document
    return objects


def dockerfile_environment() -> tuple[dict[str, str], str]:
    """The runtime image's ENV and USER."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    runtime = text[text.rindex("\nFROM ") :]
    environment = dict(re.findall(r"(DOORSTEP_[A-Z0-9_]+)=(\S+)", "\n".join(re.findall(r"^ENV (.*)$", runtime, re.M))))
    user = re.findall(r"^USER (\S+)$", runtime, re.M)[-1]
    return environment, user


def selects(selector: dict, labels: dict) -> bool:
    return bool(selector) and all(labels.get(key) == value for key, value in selector.items())


def check_kubernetes(objects: dict[str, dict], image_user: str) -> dict[str, str]:
    """The manifests' own rules; returns the environment they give the container."""
    deployment, service = objects["Deployment"], objects["Service"]
    budget, config, secret = objects["PodDisruptionBudget"], objects["ConfigMap"], objects["Secret"]
    pod = deployment["spec"]["template"]
    labels, spec = pod["metadata"]["labels"], pod["spec"]
    (container,) = spec["containers"]
    check(deployment["spec"]["replicas"] >= 2, "the Deployment runs one instance")
    check(selects(deployment["spec"]["selector"]["matchLabels"], labels), "the Deployment's selector misses its pods")
    check(selects(service["spec"]["selector"], labels), "the Service's selector misses the pods")
    check(selects(budget["spec"]["selector"]["matchLabels"], labels), "the budget's selector misses the pods")
    ports = {port["name"] for port in container["ports"]}
    check(all(port["targetPort"] in ports for port in service["spec"]["ports"]), "the Service targets no port")
    for probe, path in [("readinessProbe", "/readyz"), ("livenessProbe", "/healthz"), ("startupProbe", "/healthz")]:
        get = container.get(probe, {}).get("httpGet", {})
        check(get.get("path") == path and get.get("port") in ports, f"{probe} is not a GET of {path}")
    data = config["data"]
    drain = int(data.get("DOORSTEP_DRAIN_SECONDS", "5"))
    check(spec["terminationGracePeriodSeconds"] >= drain + 10, "the grace period does not outlast the drain")
    check(spec.get("enableServiceLinks") is False, "service links would set DOORSTEP_PORT to the Service's address")
    check(spec["securityContext"].get("runAsNonRoot") is True, "the pod may run as root")
    check(str(spec["securityContext"].get("runAsUser")) == image_user.split(":")[0], "runAsUser is not the image's")
    context = container["securityContext"]
    check(context.get("readOnlyRootFilesystem") is True, "the root file system is writable")
    check(context.get("allowPrivilegeEscalation") is False, "privilege escalation is allowed")
    check(context.get("capabilities", {}).get("drop") == ["ALL"], "capabilities are kept")
    for kind in ("requests", "limits"):
        check({"cpu", "memory"} <= set(container["resources"].get(kind, {})), f"no CPU and memory {kind}")
    check(container["envFrom"] == [{"configMapRef": {"name": config["metadata"]["name"]}}], "the ConfigMap is unread")
    environment = dict(data)
    for variable in container["env"]:
        reference = variable["valueFrom"]["secretKeyRef"]
        check(reference["name"] == secret["metadata"]["name"], f"{variable['name']} reads another Secret")
        check(reference["key"] in secret["stringData"], f"the Secret has no {reference['key']}")
        environment[variable["name"]] = secret["stringData"].get(reference["key"], "")
    check(environment.get("DOORSTEP_DATABASE", "").startswith("postgres://"), "the database is not PostgreSQL")
    return environment


def unit_environment(workdir: Path) -> dict[str, str]:
    """The systemd unit's Environment= settings, then its example EnvironmentFile's, as systemd reads them."""
    unit = (DEPLOY / "systemd/doorstep.service").read_text()
    environment = dict(re.findall(r"^Environment=([A-Z0-9_]+)=(.*)$", unit, re.M))
    for line in (DEPLOY / "systemd/doorstep.env").read_text().splitlines():
        if line and not line.startswith("#"):
            name, value = line.split("=", 1)
            environment[name] = value[1:-1] if value.startswith('"') and value.endswith('"') else value
    state = workdir / "state"
    state.mkdir()
    return {name: value.replace("%S/doorstep", str(state)) for name, value in environment.items()}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def starts(name: str, binary: str, environment: dict[str, str], workdir: Path) -> None:
    """Starts the server with `environment` (made-up secrets, a free port) and waits for it to be ready."""
    environment = {
        key: base64.b64encode(secrets.token_bytes(32)).decode() if value == KEY_PLACEHOLDER else value
        for key, value in environment.items()
    }
    port = free_port()
    environment |= {"DOORSTEP_PORT": str(port), "PATH": os.environ["PATH"], "HOME": str(workdir)}
    log = workdir / f"{name}.log"
    with open(log, "w") as output:
        server = subprocess.Popen([binary, "serve"], env=environment, cwd=workdir, stdout=output, stderr=output)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            if server.poll() is not None:
                break
            try:
                if status(base + "/readyz") == 200:
                    check(status(base + "/metrics") == 200, f"{name}: /metrics is off")
                    check(status(base + "/dev/mail") == 404, f"{name}: the dev mailbox is on")
                    print(f"the server starts and turns ready with the {name} configuration")
                    return
            except OSError:
                pass
            time.sleep(0.1)
        problems.append(f"{name}: the server did not turn ready with this configuration:\n{log.read_text()}")
    finally:
        server.kill()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--workdir", type=Path, required=True)
    arguments = parser.parse_args()
    binary = str(Path(arguments.binary).resolve())
    image_environment, image_user = dockerfile_environment()
    check(re.fullmatch(r"[1-9][0-9]*(:[0-9]+)?", image_user) is not None, "the image's USER is not a non-root uid")
    kubernetes = check_kubernetes(manifests(), image_user)
    systemd = unit_environment(arguments.workdir)
    known = server_variables()
    for variable in sorted(set(image_environment) | set(kubernetes) | set(systemd)):
        check(variable in known, f"{variable} is not a variable the server reads")
    if not problems:
        starts("systemd", binary, systemd, arguments.workdir)
        # The image's environment, then the manifests'; SQLite stands in for PostgreSQL here.
        database = str(arguments.workdir / "kubernetes.sqlite")
        starts("Kubernetes", binary, image_environment | kubernetes | {"DOORSTEP_DATABASE": database},
               arguments.workdir)
    if problems:
        sys.exit("check_deploy: " + "\ncheck_deploy: ".join(problems))


main()

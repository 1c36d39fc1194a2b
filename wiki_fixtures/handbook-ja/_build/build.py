"""Build the `handbook-ja` fixture from the community Japanese translation of the GitLab Handbook.

Usage: python3 build.py /path/to/kyama0/gitlab-handbook-ja [COMMIT]
The source may be a bare git directory (read with `git show`) or a work tree. Standard library
only. It rewrites every page, index.md and LICENSE under the fixture folder; SOURCES.md and
questions.yaml are left alone.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent  # wiki_fixtures/handbook-ja
PREFIX = "content/handbook/"

# (area heading in index.md, path prefixes under content/handbook/)
AREAS: list[tuple[str, list[str]]] = [
    (
        "会社・バリュー・コミュニケーション",
        ["values/", "communication/", "company/", "about/", "_index.md"],
    ),
    (
        "休暇・福利厚生・報酬",
        ["people-group/time-off-and-absence/", "total-rewards/", "people-policies/"],
    ),
    ("ピープルグループ（入社・異動・退職・人事制度）", ["people-group/", "hiring/"]),
    ("経費・出張・財務", ["finance/"]),
    ("法務・コンプライアンス", ["legal/"]),
    ("エンジニアリング（インシデント・オンコール・コードレビュー）", ["engineering/"]),
    ("セキュリティ", ["security/"]),
    ("サポート", ["support/"]),
    ("ツールとヒント", ["tools-and-tips/"]),
]

ENGINEERING = (
    "engineering/_index.md",
    "engineering/incident-management.md",
    "engineering/infrastructure-platforms/incident-management/",
    "engineering/infrastructure-platforms/change-management/",
    "engineering/infrastructure-platforms/emergency-change-processes.md",
    "engineering/infrastructure-platforms/getting-assistance.md",
    "engineering/devops/oncall/",
    "engineering/devops/create/code-review/",
    "engineering/workflow/",
    "engineering/gitlab-com/",
    "engineering/deployments-and-releases/",
)
SECURITY = (
    "security/_index.md",
    "security/password-guidelines.md",
    "security/engaging-with-security.md",
    "security/gitleaks.md",
    "security/customer-requests.md",
    "security/external-security-communications-procedure.md",
    "security/information-system-contingency-plan-iscp.md",
    "security/isms.md",
    "security/pgp_process.md",
    "security/controlled-document-procedure.md",
    "security/policies_and_standards/",
    "security/security-operations/",
    "security/product-security/vulnerability-management/",
    "security/product-security/psirt/",
    "security/corporate/services/",
    "security/corporate/support/",
    "security/corporate/engineering/devices/",
    "security/identity/access-requests/",
    "security/best-practices/",
)
SUPPORT = (
    "support/_index.md",
    "support/on-call.md",
    "support/support-time-off.md",
    "support/support-time-off-buddies.md",
    "support/support-engineer-responsibilities.md",
    "support/support-incident-response.md",
    "support/providing_excellent_customer_service.md",
    "support/channels.md",
    "support/internal-support/",
    "support/knowledge-base/_index.md",
    "support/knowledge-base/kb-faq.md",
    "support/training/onboarding_buddy.md",
    "support/managers/support-1-1s.md",
    "support/workflows/customer_emergencies_workflows.md",
    "support/workflows/ticket_triage.md",
    "support/workflows/ticket_lifecycle.md",
    "support/workflows/ticket-transfers.md",
    "support/workflows/working-on-tickets.md",
    "support/workflows/working_with_security.md",
    "support/workflows/tracking_incidents.md",
    "support/workflows/how-to-respond-to-tickets.md",
    "support/workflows/team/",
    "support/workflows/regions/",
    "support/workflows/sla_and_views.md",
    "support/workflows/statement-of-support.md",
    "support/workflows/pto.md",
    "support/workflows/internal_requests.md",
    "support/workflows/meeting-frt-sla.md",
    "support/workflows/how-to-get-help.md",
    "support/workflows/emergency_exception_workflow.md",
)
EXCLUDE = re.compile(
    r"(/readmes/|^finance/jihu-support/|^legal/legacy/|-v\d+\.md$|sweepstakes-rules|"
    r"^company/working-groups/|^company/infrastructure-standards/|^company/culture/inclusion/|"
    r"^company/culture/all-remote/guide/|^company/(esg|being-a-public-company|faq-gitlab)|"
    r"^security/corporate/services/(phones|temporary-users|service-accounts|email)|"
    r"^security/product-security/vulnerability-management/(automation|development-labels|labels)|"
    r"^tools-and-tips/editors-and-ides/jetbrains-ides/|people-analytics/|"
    r"^legal/(testing-agreement|ai-functionality-terms|agile-planning-terms|conference-|"
    r"promotional-game|publicity-waiver|technology-partner-agreement|education-agreement|"
    r"opensource-agreement|professional-services-agreement|reseller-agreement|eu-data-act-terms|"
    r"api-terms|subscription-agreement/))"
)
MIN_BODY_CHARS = 500  # pages whose cleaned body is shorter are left out


def wanted(rel: str) -> bool:
    if not rel.endswith(".md") or EXCLUDE.search(rel):
        return False
    top = rel.split("/", 1)[0]
    if top == "engineering":
        return rel.startswith(ENGINEERING)
    if top == "security":
        return rel.startswith(SECURITY)
    if top == "support":
        return rel.startswith(SUPPORT)
    return (
        top
        in {
            "values",
            "communication",
            "company",
            "people-group",
            "total-rewards",
            "people-policies",
            "finance",
            "legal",
            "hiring",
            "tools-and-tips",
        }
        or rel == "_index.md"
    )


class Source:
    def __init__(self, root: Path, commit: str) -> None:
        self.root = root
        self.bare = not (root / PREFIX).is_dir()
        self.commit = commit

    def git(self, *args: str) -> str:
        out = subprocess.run(
            ["git", "-C", str(self.root), *args], check=True, capture_output=True
        ).stdout
        return out.decode("utf-8")

    def files(self) -> list[str]:
        if self.bare:
            listing = self.git("ls-tree", "-r", "--name-only", self.commit, "--", PREFIX)
            return [p[len(PREFIX) :] for p in listing.splitlines()]
        base = self.root / PREFIX
        return sorted(p.relative_to(base).as_posix() for p in base.rglob("*.md"))

    def read(self, rel: str) -> str:
        if self.bare:
            return self.git("show", f"{self.commit}:{PREFIX}{rel}")
        return (self.root / PREFIX / rel).read_text(encoding="utf-8")

    def read_top(self, name: str) -> str:
        if self.bare:
            return self.git("show", f"{self.commit}:{name}")
        return (self.root / name).read_text(encoding="utf-8")


# --- Hugo shortcodes -------------------------------------------------------------------------

SHORTCODE = re.compile(r"\{\{([<%])\s*(/?)\s*([\w./-]+)(.*?)\s*[%>]\}\}", re.S)
ATTR = re.compile(r'(\w[\w-]*)\s*=\s*"([^"]*)"')
FIRST_ARG = re.compile(r'^\s*"([^"]*)"')
# containers whose inner text is prose: their tags go, the text stays (titles become bold lines)
CONTAINERS = {"alert", "details", "panel", "note", "card", "cardpane", "callout", "warning"}


def _shortcode(match: re.Match[str]) -> str:
    closing, name, rest = match.group(2), match.group(3), match.group(4)
    attrs = dict(ATTR.findall(rest))
    if closing:
        return ""
    if name in CONTAINERS:
        title = attrs.get("title") or attrs.get("summary") or attrs.get("header") or ""
        title = title.strip().strip("*").strip()
        return f"**{title}**\n" if title else ""
    if name == "label":
        return attrs.get("name", "")
    if name in {"member-by-name", "ref", "relref"}:
        arg = FIRST_ARG.match(rest)
        return arg.group(1) if arg else ""
    if name in {"member-by-gitlab", "member-and-role-by-gitlab"}:
        arg = FIRST_ARG.match(rest)
        return f"@{arg.group(1)}" if arg else ""
    return ""  # youtube, include, team lists, KPIs, design-document headers...: rendered data


def clean_body(body: str) -> str:
    out: list[str] = []
    fence = None
    chunk: list[str] = []

    def flush() -> None:
        if chunk:
            out.append(SHORTCODE.sub(_shortcode, "".join(chunk)))
            chunk.clear()

    for line in body.splitlines(keepends=True):
        stripped = line.lstrip()
        marker = stripped[:3]
        inline = len(stripped.rstrip()) > 6 and stripped.rstrip().endswith(marker)
        if fence is None and marker in ("```", "~~~") and not inline:
            flush()
            fence = marker
            out.append(line)
        elif fence is not None:
            out.append(line)
            if stripped.startswith(fence):
                fence = None
        else:
            chunk.append(line)
    flush()
    text = "".join(out)
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip() + "\n"


def split_frontmatter(raw: str) -> tuple[str, str]:
    if raw.startswith("---\n"):
        end = raw.find("\n---\n", 4)
        if end != -1:
            return raw[: end + 5], raw[end + 5 :]
    return "", raw


def fm_value(front: str, key: str) -> str:
    m = re.search(rf"^{key}:\s*(.*)$", front, re.M)
    if not m:
        return ""
    value = m.group(1).strip()
    if value in {">", "|", ">-", "|-"}:
        rest = front[m.end() :].splitlines()
        parts = []
        for line in rest[1:]:
            if line.startswith("  "):
                parts.append(line.strip())
            else:
                break
        value = " ".join(parts)
    return value.strip().strip('"').strip("'")


def first_sentence(text: str, limit: int = 90) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[*_`]", "", text).strip()
    m = re.search(r"^(.+?[。！？!?])", text)
    sentence = m.group(1) if m else text
    if len(sentence) > limit:
        sentence = sentence[: limit - 1] + "…"
    return sentence


def description(front: str, body: str) -> str:
    desc = fm_value(front, "description")
    if desc:
        return first_sentence(desc)
    for para in body.split("\n\n"):
        para = para.strip()
        if para and not para.startswith(("#", "-", "*", "|", "<", ">", "1.", "!", "```")):
            return first_sentence(para.replace("\n", " "))
    return ""


def area_of(rel: str) -> int:
    best, best_len = len(AREAS) - 1, -1
    for i, (_, prefixes) in enumerate(AREAS):
        for prefix in prefixes:
            if (rel == prefix or rel.startswith(prefix)) and len(prefix) > best_len:
                best, best_len = i, len(prefix)
    return best


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    src = Source(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "HEAD")
    for child in HERE.iterdir():  # clear the previous build's pages
        if child.is_dir() and child.name != "_build":
            shutil.rmtree(child)
    pages: list[tuple[str, str, str]] = []
    for rel in src.files():
        if not wanted(rel):
            continue
        front, body = split_frontmatter(src.read(rel))
        body = clean_body(body)
        if len(body) < MIN_BODY_CHARS:
            continue
        dest = HERE / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(front + "\n" + body, encoding="utf-8")
        title = fm_value(front, "title") or rel
        pages.append((rel, title, description(front, body)))
    lines = [
        "# GitLab ハンドブック（日本語訳）ページ一覧",
        "",
        "社内ハンドブックの日本語訳から選んだページの地図です。分野ごとに並べ、"
        "各ページに一行の説明を付けています。",
        "",
    ]
    for i, (heading, _) in enumerate(AREAS):
        group = sorted(p for p in pages if area_of(p[0]) == i)
        if not group:
            continue
        lines += [f"## {heading}", ""]
        for rel, title, desc in group:
            title = title.replace("[", "「").replace("]", "」")
            lines.append(f"- [{title}]({rel})" + (f": {desc}" if desc else ""))
        lines.append("")
    (HERE / "index.md").write_text("\n".join(lines), encoding="utf-8")
    (HERE / "LICENSE").write_text(
        src.read_top("LICENSE") + "\n" + src.read_top("NOTICE"), encoding="utf-8"
    )
    print(f"{len(pages)} pages")


if __name__ == "__main__":
    main()

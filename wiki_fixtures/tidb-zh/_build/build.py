"""Build the `tidb-zh` fixture from an extracted copy of pingcap/docs-cn (stdlib only).

    python build.py SRC --git-dir GITDIR

SRC is the extracted tree (git archive), GITDIR the repository's git directory (for each
page's last-change date). Rewrites every page folder and index.md of the fixture; leaves
SOURCES.md, LICENSE and questions.yaml alone.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

ROOT_PAGES = """
overview tidb-architecture tidb-storage tidb-computing tidb-scheduling tikv-overview tso
quick-start-with-tidb minimal-deployment-topology hardware-and-software-requirements
check-before-deployment tune-operating-system post-installation-check daily-check
mysql-compatibility tidb-limitations security-compatibility-with-mysql
auto-increment auto-random shard-row-id-bits tidb-rowid clustered-indexes cached-tables
temporary-tables global-indexes generated-columns foreign-key constraints views
time-to-live schema-object-names comment-syntax literal-values user-defined-variables
data-type-date-and-time data-type-default-values data-type-json data-type-numeric
data-type-string character-set-gbk configure-time-zone sql-mode
transaction-overview transaction-isolation-levels optimistic-transaction
pessimistic-transaction metadata-lock non-transactional-dml pipelined-dml
read-historical-data stale-read follower-read tidb-external-ts
garbage-collection-overview garbage-collection-configuration
user-account-management password-management role-based-access-control privilege-management
certificate-authentication enable-tls-between-clients-and-servers encryption-at-rest
log-redaction telemetry table-filter table-attributes placement-rules-in-sql
tidb-resource-control-ru-groups schema-cache index-advisor workload-repository
sql-prepared-plan-cache sql-plan-management identify-slow-queries
troubleshoot-tidb-oom troubleshoot-hot-spot-issues troubleshoot-lock-conflicts
troubleshoot-write-conflicts error-codes online-unsafe-recovery pd-recover
smooth-upgrade-tidb upgrade-tidb-using-tiup dynamic-config dumpling-overview
migrate-from-mariadb support
""".split()

SQL_STATEMENTS = """
add-index admin-cancel-ddl admin-show-ddl alter-user analyze-table batch begin commit
create-database create-index create-sequence create-table-like create-user create-view
delete drop-table explain-analyze flashback-cluster flashback-database flashback-table
grant-privileges import-into insert kill load-data lock-tables-and-unlock-tables
recover-table rename-table replace savepoint set-password set-resource-group
show-processlist show-variables show-warnings split-region start-transaction trace
truncate update query-watch backup restore alter-table-compact show-create-table
""".split()

TIUP = """
tiup-overview tiup-component-management tiup-cluster tiup-playground tiup-mirror tiup-faq
tiup-troubleshooting-guide tiup-terminology-and-concepts tiup-command-clean
tiup-command-status tiup-command-uninstall tiup-command-update
tiup-component-cluster-deploy tiup-component-cluster-upgrade tiup-component-cluster-scale-in
tiup-component-cluster-scale-out tiup-component-cluster-display tiup-component-cluster-patch
""".split()

BEST_PRACTICES = """
uuid haproxy-best-practices high-concurrency-best-practices index-management-best-practices
readonly-nodes saas-best-practices three-nodes-hybrid-deployment ddl-introduction
""".split()

RELEASES = (
    ["_index"]
    + [f"release-7.5.{n}" for n in range(1, 8)]
    + [f"release-8.5.{n}" for n in range(1, 8)]
)

# Folder of the wiki for each part of the source, with the index section title.
GROUPS = [
    ("faq", "常见问题", None),
    ("releases", "版本发布说明", RELEASES),
    ("sql-statements", "SQL 语句", ["sql-statement-" + name for name in SQL_STATEMENTS]),
    ("tiup", "TiUP 工具", TIUP),
    ("best-practices", "最佳实践", BEST_PRACTICES),
]

# Root pages go to folders by topic.
ROOT_FOLDERS = {
    "concepts": (
        "架构与概念",
        "overview tidb-architecture tidb-storage tidb-computing tidb-scheduling tikv-overview "
        "tso mysql-compatibility tidb-limitations security-compatibility-with-mysql",
    ),
    "deploy": (
        "部署与运维",
        "quick-start-with-tidb minimal-deployment-topology hardware-and-software-requirements "
        "check-before-deployment tune-operating-system post-installation-check daily-check "
        "smooth-upgrade-tidb upgrade-tidb-using-tiup dynamic-config dumpling-overview "
        "migrate-from-mariadb online-unsafe-recovery pd-recover support "
        "garbage-collection-overview garbage-collection-configuration",
    ),
    "schema": (
        "表、数据类型与 SQL",
        "auto-increment auto-random shard-row-id-bits tidb-rowid clustered-indexes "
        "cached-tables temporary-tables global-indexes generated-columns foreign-key "
        "constraints views time-to-live schema-object-names comment-syntax literal-values "
        "user-defined-variables data-type-date-and-time data-type-default-values "
        "data-type-json data-type-numeric data-type-string character-set-gbk "
        "configure-time-zone sql-mode table-attributes placement-rules-in-sql",
    ),
    "transactions": (
        "事务与历史数据",
        "transaction-overview transaction-isolation-levels optimistic-transaction "
        "pessimistic-transaction metadata-lock non-transactional-dml pipelined-dml "
        "read-historical-data stale-read follower-read tidb-external-ts",
    ),
    "security": (
        "安全",
        "user-account-management password-management role-based-access-control "
        "privilege-management certificate-authentication enable-tls-between-clients-and-servers "
        "encryption-at-rest log-redaction telemetry table-filter",
    ),
    "performance": (
        "性能与故障排查",
        "tidb-resource-control-ru-groups schema-cache index-advisor workload-repository "
        "sql-prepared-plan-cache sql-plan-management identify-slow-queries troubleshoot-tidb-oom "
        "troubleshoot-hot-spot-issues troubleshoot-lock-conflicts troubleshoot-write-conflicts "
        "error-codes",
    ),
}


def page_map(src: Path) -> dict[str, str]:
    """Source path (as the docs link it, '/x.md') → wiki path."""
    mapping: dict[str, str] = {}
    for folder, (_, names) in ROOT_FOLDERS.items():
        for name in names.split():
            assert name in ROOT_PAGES, name
            mapping[f"/{name}.md"] = f"{folder}/{name}.md"
    for folder, _, names in GROUPS:
        if names is None:
            names = sorted(p.stem for p in (src / folder).glob("*.md"))
        for name in names:
            mapping[f"/{folder}/{name}.md"] = f"{folder}/{name}.md"
    assert len({v for v in mapping.values()}) == len(mapping)
    return mapping


FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)
VARIABLE = re.compile(r"\{\{\{\s*\.([\w-]+)\s*\}\}\}")
LINK = re.compile(r"(?<!!)\[([^\]]*)\]\((/[^)#\s]*\.md)(#[^)\s]*)?\)")
CLOUD_ONLY = re.compile(r'<CustomContent platform="tidb-cloud">.*?</CustomContent>\n?', re.S)
TAB_LABEL = re.compile(r'^<div label="([^"]+)"[^>]*>\s*$', re.M)
DROP_TAGS = re.compile(r"^\s*</?(?:SimpleTab|CustomContent|div)\b[^>]*>\s*\n", re.M)


def field(front: str, key: str) -> str:
    match = re.search(rf"^{key}:\s*(.*)$", front, re.M)
    return match.group(1).strip().strip("'\"") if match else ""


def convert(
    text: str, here: str, mapping: dict[str, str], variables: dict[str, str], updated: str
) -> tuple[str, str, str]:
    match = FRONT.match(text)
    front = match.group(1) if match else ""
    body = text[match.end() :] if match else text
    title = VARIABLE.sub(lambda m: variables.get(m.group(1), m.group(0)), field(front, "title"))
    summary = VARIABLE.sub(lambda m: variables.get(m.group(1), m.group(0)), field(front, "summary"))
    body = VARIABLE.sub(lambda m: variables.get(m.group(1), m.group(0)), body)
    body = CLOUD_ONLY.sub("", body)
    body = TAB_LABEL.sub(lambda m: f"**{m.group(1)}**\n", body)
    body = DROP_TAGS.sub("", body)

    def link(m: re.Match[str]) -> str:
        target = mapping.get(m.group(2))
        if target is None:
            return m.group(1)
        rel = os.path.relpath(target, os.path.dirname(here) or ".")
        return f"[{m.group(1)}]({rel}{m.group(3) or ''})"

    body = LINK.sub(link, body)
    head = ["---", f"title: {json.dumps(title, ensure_ascii=False)}"]
    if summary:
        head.append(f"summary: {json.dumps(summary, ensure_ascii=False)}")
    head.append(f"updated: {updated}")
    head.append("---")
    return "\n".join(head) + "\n\n" + body.lstrip("\n"), title, summary


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("src", type=Path)
    parser.add_argument("--git-dir", required=True)
    args = parser.parse_args()
    src: Path = args.src
    variables = json.loads((src / "variables.json").read_text(encoding="utf-8"))
    mapping = page_map(src)
    for folder in {v.split("/")[0] for v in mapping.values()}:
        shutil.rmtree(HERE / folder, ignore_errors=True)
    sections: dict[str, list[str]] = {}
    titles = {f: t for f, (t, _) in ROOT_FOLDERS.items()} | {f: t for f, t, _ in GROUPS}
    for source, target in mapping.items():
        updated = subprocess.run(
            [
                "git",
                "--git-dir",
                args.git_dir,
                "log",
                "-1",
                "--format=%cs",
                "HEAD",
                "--",
                source.lstrip("/"),
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        text = (src / source.lstrip("/")).read_text(encoding="utf-8")
        page, title, summary = convert(text, target, mapping, variables, updated)
        out = HERE / target
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(page, encoding="utf-8")
        folder = target.split("/")[0]
        line = f"- [{title}]({target})" + (f": {summary}" if summary else "")
        sections.setdefault(folder, []).append(line)
    order = [*ROOT_FOLDERS, *(f for f, _, _ in GROUPS)]
    lines = [
        "# TiDB 中文文档笔记",
        "",
        "团队整理的 TiDB 中文文档页面地图：按主题分组，每页附一句说明。",
        "",
    ]
    for folder in order:
        lines += [f"## {titles[folder]}", "", *sections[folder], ""]
    (HERE / "index.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()

# Writes questions.yaml (needs PyYAML, from the project venv). Questions written by hand, blind;
# the stale / go_external expectations are computed from the pages by README "Freshness".
import re, json
from datetime import date
from pathlib import Path
ROOT = Path(__file__).resolve().parent.parent
AS_OF = date(2026, 12, 1)
def stale(page):
    t = (ROOT / page).read_text()
    fm = t.split('---')[1]
    if 'superseded_by:' in fm or 'status: Superseded' in fm:
        return True
    c = date.fromisoformat(re.search(r'created: (\S+)', fm).group(1))
    return (AS_OF - c).days > 180
Q = []
def a(id, q, ans, pages, ts=None, ets=None, ext=False, st='auto'):
    s = None
    if st == 'auto':
        vals = {stale(p) for p in pages}
        s = vals.pop() if len(vals) == 1 else None
    else:
        s = st
    # the gate: go_external = confidence != high or stale or time_sensitive
    ext = True if (s or ets) else (False if s is False else None)
    Q.append(dict(id=id, question=q, answerable=True, expected_answer=ans, expected_pages=pages,
                  time_sensitive=ts, expect=dict(go_external=ext, stale=s, time_sensitive=ets)))
def n(id, q, ts=None, ets=None):
    Q.append(dict(id=id, question=q, answerable=False, expected_answer=[], expected_pages=[],
                  time_sensitive=ts, expect=dict(go_external=True, stale=None, time_sensitive=ets)))
F='final/'
# --- lookups, paraphrased
a('removeprefix', "What's the new string method for chopping a known prefix off a string, instead of misusing lstrip?", ['removeprefix'], [F+'pep-0616.md'])
a('zip-strict-error', 'If I pass strict=True to zip and one iterable is shorter, what exception do I get?', ['ValueError'], [F+'pep-0618.md'])
a('zoneinfo-module', 'Which standard library module gives me IANA time zones?', ['zoneinfo'], [F+'pep-0615.md'])
a('zoneinfo-fallback', 'Where does zoneinfo get its time zone data when the operating system has none?', ['tzdata'], [F+'pep-0615.md'])
a('toml-module', 'Is there a built-in module for reading TOML files, and what is it called?', ['tomllib'], [F+'pep-0680.md'])
a('nogil-flag', 'What configure option builds CPython without the global interpreter lock?', ['--disable-gil', 'disable-gil'], [F+'pep-0703.md'])
a('tstring-type', 'What type of object do t-strings produce instead of a str?', ['Template'], [F+'pep-0750.md'])
a('lazy-import-syntax', 'How do I write an explicitly lazy import of json?', ['lazy import json'], [F+'pep-0810.md'])
a('empty-set-literal', 'What notation was proposed for writing an empty set literal?', ['{/}'], ['draft/pep-0802.md'])
a('dict-update-op', 'Which operator updates a dict in place with another dict under the dict union proposal?', ['|='], [F+'pep-0584.md'])
a('optional-union', 'With the X | Y union syntax, how would I spell Optional[t]?', ['t | None', 'None | t'], [F+'pep-0604.md'])
a('callable-arrow', 'What arrow form was suggested for writing Callable[[int, str], bool]?', ['(int, str) -> bool'], ['rejected/pep-0677.md'])
a('compression-namespace', 'When Zstandard is added, under which package do the stdlib compression modules move?', ['compression.*', 'compression'], [F+'pep-0784.md'])
a('utf8-default-version', 'From which Python version is UTF-8 mode on by default?', ['3.15'], [F+'pep-0686.md'])
a('utf8-optout', 'How can I switch UTF-8 mode back off once it is the default?', ['PYTHONUTF8=0', '-X utf8=0'], [F+'pep-0686.md'])
a('override-decorator', 'What decorator tells a type checker that a method is meant to override a parent class method?', ['@override', 'override'], [F+'pep-0698.md'])
a('new-repl-version', 'In which Python version did the rewritten interactive shell ship?', ['3.13'], [F+'pep-0762.md'])
a('new-repl-features', 'What does the new REPL bring to users?', ['multi-line editing', 'syntax highlighting'], [F+'pep-0762.md'])
a('rm-314', 'Who is in charge of releasing Python 3.14?', ['Hugo van Kemenade'], ['active/pep-0745.md'])
a('rm-313', 'Who managed the Python 3.13 releases?', ['Thomas Wouters'], ['active/pep-0719.md'])
a('rm-316', 'Who is the release manager for 3.16?', ['Savannah Ostrowski'], ['active/pep-0826.md'])
a('rm-315', 'Who handles the 3.15 release?', ['Hugo van Kemenade'], ['active/pep-0790.md'])
a('dev-period', 'Roughly how many months is each feature version developed for under the yearly release calendar?', ['17 months', '17'], ['active/pep-0602.md'])
a('release-month', 'In which month of the year do new Python feature versions come out?', ['October'], ['active/pep-0602.md'])
a('inline-comp-speedup', 'How much faster do comprehensions get when they are inlined, on a microbenchmark?', ['2x'], [F+'pep-0709.md'])
a('kwarg-shorthand', 'What shorthand was proposed so I can write f(x=x) more briefly?', ['f(x=)'], ['rejected/pep-0736.md'])
a('calver-315', 'Under the calendar-versioning idea, what would Python 3.15 have been numbered?', ['3.26'], ['rejected/pep-2026.md'])
a('except-star', 'What new syntax catches parts of an ExceptionGroup?', ['except*'], [F+'pep-0654.md'])
a('manylinux2014', 'Which platform tag was meant to follow manylinux2010?', ['manylinux2014'], ['superseded/pep-0599.md'])
a('match-inspiration', 'Which languages inspired the original pattern-matching proposal?', ['Scala', 'Erlang'], ['superseded/pep-0622.md'])
a('except-parens', 'What may now be left out when an except clause lists several exception types (without as)?', ['parentheses'], [F+'pep-0758.md'])
a('bare-except-pep', 'Which proposal wanted to forbid catching everything with a bare except clause?', ['760'], ['withdrawn/pep-0760.md'])
a('distutils-replacement', 'What should projects use instead of distutils?', ['setuptools'], [F+'pep-0632.md'])
a('frozendict-abc', 'Which collections ABC does the built-in frozendict implement?', ['collections.abc.Mapping', 'Mapping'], [F+'pep-0814.md'])
a('typevar-usage', 'In the survey of popular typed libraries, what share of modules used TypeVar?', ['14%'], [F+'pep-0695.md'])
a('fstring-grammar', 'Which PEP gave f-strings a formal grammar in the parser?', ['701'], [F+'pep-0701.md'])
a('finally-reject-vote', 'By what vote did the Steering Council turn down forbidding return in finally the first time?', ['4/4'], ['rejected/pep-0601.md'])
a('gil-steering-proviso', 'Under what condition did the Steering Council accept making the GIL optional?', ['gradual', 'roll back'], [F+'pep-0703.md'])
# --- recent pages (created within 180 days of as_of: fresh)
a('annotated-at', 'What operator is proposed as a shorthand for Annotated[T, M]?', ['@', 'T @ M'], ['draft/pep-0835.md'])
a('pyvenv-version', 'Which new field would record the interpreter version in pyvenv.cfg?', ['python-version'], ['draft/pep-0838.md'])
a('frozen-display', "What does the frozen display f{1, 2, 3} evaluate to?", ['frozenset'], ['draft/pep-0841.md'])
a('public-private', 'Which two builtins were proposed to keep a module\'s __all__ in sync?', ['public()', 'private()'], ['draft/pep-0844.md'])
a('frozenset-writer', 'Which existing C API is the model for the proposed PyFrozenSetWriter?', ['PyBytesWriter'], ['draft/pep-0839.md'])
n('frozen-display-list', 'What would a frozen display f[1, 2, 3] evaluate to?')
# --- multi-page
a('match-tutorial', 'The pattern matching proposal was split in three; which of the PEPs is the tutorial?', ['636'], [F+'pep-0634.md', F+'pep-0636.md'])
a('finally-history', 'Which earlier PEP first tried to stop return/break/continue escaping a finally block, before it was finally disallowed?', ['601'], [F+'pep-0765.md', 'rejected/pep-0601.md'])
a('tstring-lineage', 'Which older proposal introduced template literal strings before the t-strings PEP?', ['501'], [F+'pep-0750.md', 'withdrawn/pep-0501.md'])
a('windows-installers', 'Who builds the Windows installers for the 3.13 and 3.14 releases?', ['Steve Dower'], ['active/pep-0719.md', 'active/pep-0745.md'])
a('mobile-platforms', 'Which PEPs made iOS and Android supported CPython platforms?', ['730', '738'], [F+'pep-0730.md', F+'pep-0738.md'])
a('feature-latency', 'Which two alternative release-cadence proposals did the feature-delivery-latency PEP compare?', ['605', '602'], [F+'pep-0607.md', 'active/pep-0602.md', 'rejected/pep-0605.md'])
# --- time-sensitive
a('316-final-date', 'When is Python 3.16.0 final currently expected to be released?', ['2027-10-05'], ['active/pep-0826.md'], ets=True, ext=None, st='auto')
n('latest-release', 'What is the latest Python release?', ets=True)
n('steering-now', 'Who sits on the Python Steering Council right now?', ets=True)
n('jit-still-experimental', 'Is the JIT compiler still experimental in the current Python?', ets=True)
# --- absent near-misses
n('walrus-version', 'Which Python version added the walrus operator?')
n('pep8-line-length', 'What does PEP 8 say about maximum line length?')
n('fstring-author', 'Who wrote PEP 498, the original f-string proposal?')
n('callable-arrow-version', 'In which Python release did the (int, str) -> bool callable syntax become available?')
n('kwarg-shorthand-version', 'Since which Python version can I call f(x=) as shorthand for f(x=x)?')
n('rm-311', 'Who was the release manager for Python 3.11?')
n('manylinux-after-2014', 'Which platform tag replaced manylinux2014?')
n('genexp-inlined-speedup', 'How much faster did inlining make generator expressions?')
n('314-alpha8', 'When was Python 3.14.0 alpha 8 released?')
n('multiline-lambda', 'Which PEP adds multi-line lambda expressions?')
n('decimal-literal', 'What syntax was proposed for decimal literals like 0.1d?')
n('calver-accepted-year', 'Which year did Python switch to calendar version numbers like 3.26?')
import yaml
print(len(Q), sum(1 for q in Q if not q['answerable']))
out = "# Questions for the `peps` fixture (Python Enhancement Proposals; run: swarm verify wiki_fixtures/peps).\n# Written blind, before swarm was run on this wiki. Stale expectations follow README 'Freshness':\n# every page has only `created` (a creation date), so a page created more than 180 days before\n# as_of is stale; superseded_by / status Superseded marks a page stale whatever its date.\n"
out += yaml.safe_dump({'as_of': AS_OF, 'questions': Q}, sort_keys=False, allow_unicode=True, width=100)
(ROOT / 'questions.yaml').write_text(out)

"""A "which X" answered by a command: the instance the code writes lets the type noun off
when the prose names it ("pip install django celery" for "which package"), but a capital
that only opens a sentence is no name ("Set the default namespace: kubectl config
set-context"), through `query()`."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

ACCESS = """---
title: Access an EKS cluster
---

# Access a GOV.UK EKS cluster

There are 3 GOV.UK clusters: integration, staging and production.

## Set up all three GOV.UK EKS clusters for the first time

1. Add this environment's `govuk` cluster to your kubectl configuration in `~/.kube/config`:

    ```sh
    aws eks update-kubeconfig --name govuk --alias govuk-<govuk-environment>
    ```

1. Set the current context:

    ```sh
    kubectl config use-context <alias>
    ```

1. Set the [default namespace](namespaces.md#set-a-namespace) of the GOV.UK cluster's context:

    ```sh
    kubectl config set-context --current --namespace=apps
    ```

1. Check that you can access the cluster:

    ```sh
    kubectl get deploy/frontend
    ```

Now repeat for the other two environments.
"""


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        ("Which room should kubectl default to on our clusters?", "not high"),
        ("Which member should kubectl default to on our clusters?", "not high"),
        ("Which namespace should kubectl default to on our clusters?", "high"),
    ],
)
def test_a_sentence_opening_capital_names_nothing_in_the_code(
    tmp_path: Path, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"kubernetes/access-eks-cluster.md": ACCESS})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "namespace=apps")

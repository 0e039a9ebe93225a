"""kvguard's fixes: one transform per module, each owned by the rules that offer it.

* :mod:`.base` — ``Edit`` (a text replacement), ``Offer`` (a planned fix), ``Unfixable`` (a fix
  whose shape matched but whose preconditions do not hold, with the reason), ``FixTransform``
  (the base of every transform) and ``FixContext`` (what planning reads: the lint state, the
  target, the text).
* :mod:`.resolve_init_pool` — the trtllm ``__init__`` shape -> ``_resolve_swa_kv_pool``.
* :mod:`.use_resolved_pool` — allocator SWA probes/translations -> the class's resolved pool.
* :mod:`.resolver_template` — the one place that spells the emitted resolver.
* :mod:`.imports` — isort-clean ``from M import N`` additions and unused-import removal.
* :mod:`.preconditions` — backend scope, model-runner values, names bound at run time.
* :mod:`.plan` — which findings get which fix (iterating the rules' ``FIXES``; no rule code).
* :mod:`.safety` — the cheap checks the fixer's safety net adds (undefined names, duplicated
  statements, isort/black on the lines a fix touched).
* :mod:`.target` — the sglang version a fix targets.

Rules declare the transforms they offer (``Rule.FIXES``); no module here names a rule code.
"""

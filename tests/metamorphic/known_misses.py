"""The variants the CURRENT kvguard gets wrong: ONE table, (operators, site kind) -> reason.

Keys: operator names joined with "+" (a composition applies them left to right) and the site
kind (``sites.SITE_SPECS``). ``test_metamorphic.py`` runs these as ``xfail(strict=True)``: when a
model change fixes one, the test fails until the entry is removed here. Print the table a tree
needs with ``python benchmarks/metamorphic.py --ci --known-misses`` (it also lists entries that
now pass).
"""

WHY = {
    "module_accessor": "return values of module helper functions are not followed (issue 11, item 1)",
    "accessor_method": "return values of accessor methods are not followed (issue 11, item 1)",
    "closure_getter": "return values of closures are not followed (issue 11, item 1)",
    "property_attr": "properties are not followed (issue 11, item 1)",
    "property_runner": "properties are not followed (issue 11, item 1)",
    "dataclass_record": "values in dataclass records are not followed (issue 11, item 1)",
    "namedtuple_record": "values in named-tuple records are not followed (issue 11, item 1)",
    "dict_record": "values in dicts are not followed (issue 11, item 1)",
    "kwargs_forwarding": "keyword forwarding through **kwargs is not followed (issue 11, item 1)",
    "accessor_other_module": "helpers in other modules are not followed (issue 11, item 2)",
    "issubclass_type": "an SWA test spelled issubclass(type(x), C) is not recognised (issue 11, item 3):"
    " the resolver's active-pool guard is not seen",
    "resolver_elif": "KVG003 judges the guard's shape, not its path condition (issue 12, item 1)",
    "resolver_single_exit": "KVG003 judges the guard's shape, not its path condition (issue 12, item 1)",
    "resolver_positive_guard": "KVG003 judges the guard's shape, not its path condition"
    " (issue 12, item 1)",
    "resolver_helper_predicate": "same-module predicates are not resolved to atoms (issue 12, item 1)",
    "resolver_cached_draft_flag": "a cached draft flag is not resolved to the draft atom"
    " (issue 12, item 1)",
    "resolver_early_fetch": "KVG003 judges the guard's shape, not its path condition"
    " (issue 12, item 1)",
    "bind_get_kvcache": "a get_kvcache looked up into a name and called later is not followed"
    " (issue 11, item 1; the #26966 shape)",
    "bind_get_kvcache_guarded": "a get_kvcache looked up with getattr(..., None) and called behind"
    " an `is not None` test is not followed (issue 11, item 1; the #26966 shape)",
    "pool_param_named_allocator": "a parameter named token_to_kv_pool_allocator is allocator-derived"
    " by its name even though every caller passes a pool (issue 11, item 4)",
    "mut_inverted_polarity": "a guard with the wrong polarity passes (issue 12, item 1)",
}
COMPOSED = "two operators that each keep the verdict alone lose it together"

KNOWN_MISSES: dict[tuple[str, str], str] = {
    # since 282fc50 a helper handed what it decides by is judged from its callers: sglang
    # 0.5.23's window helper translates only under a pool class test the allocator fails, so no
    # runner reaches the translation (the target loses its SWA translation instead: outside the
    # family), while the operator expects a finding
    ("mut_allocator_for_pool", "triton_pool"): "the allocator handed to a helper that"
    " translates only under a pool class test: no runner reaches the translation",
}

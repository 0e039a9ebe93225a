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
    ("accessor_method", "flashinfer_updater"): WHY["accessor_method"],
    ("accessor_method", "trtllm_init"): WHY["accessor_method"],
    ("accessor_other_module", "flashinfer_updater"): WHY["accessor_other_module"],
    ("accessor_other_module", "trtllm_init"): WHY["accessor_other_module"],
    ("closure_getter", "flashinfer_updater"): WHY["closure_getter"],
    ("closure_getter", "trtllm_init"): WHY["closure_getter"],
    ("dataclass_record", "flashinfer_updater"): WHY["dataclass_record"],
    ("dataclass_record", "trtllm_init"): WHY["dataclass_record"],
    ("dataclass_record+extract_init_kwargs", "flashinfer_updater"): WHY["dataclass_record"],
    ("dict_record", "flashinfer_updater"): WHY["dict_record"],
    ("dict_record", "trtllm_init"): WHY["dict_record"],
    ("dict_record+hasattr_to_getattr", "flashinfer_updater"): WHY["dict_record"],
    ("issubclass_type", "aiter_resolver"): WHY["issubclass_type"],
    ("issubclass_type", "flashinfer_resolver"): WHY["issubclass_type"],
    ("issubclass_type", "trtllm_resolver"): WHY["issubclass_type"],
    ("issubclass_type+introduce_local", "flashinfer_resolver"): WHY["issubclass_type"],
    ("kwargs_forwarding", "triton_window"): WHY["kwargs_forwarding"],
    ("module_accessor", "flashinfer_updater"): WHY["module_accessor"],
    ("module_accessor", "trtllm_init"): WHY["module_accessor"],
    ("module_accessor+dataclass_record", "flashinfer_updater"): WHY["module_accessor"],
    ("module_accessor+rename_params", "trtllm_init"): WHY["module_accessor"],
    ("mut_inverted_polarity", "aiter_resolver"): WHY["mut_inverted_polarity"],
    ("mut_inverted_polarity", "flashinfer_resolver"): WHY["mut_inverted_polarity"],
    ("mut_inverted_polarity", "trtllm_resolver"): WHY["mut_inverted_polarity"],
    ("namedtuple_record", "flashinfer_updater"): WHY["namedtuple_record"],
    ("namedtuple_record", "trtllm_init"): WHY["namedtuple_record"],
    ("namedtuple_record+rename_locals", "flashinfer_updater"): WHY["namedtuple_record"],
    ("pool_param_named_allocator", "triton_pool"): WHY["pool_param_named_allocator"],
    ("property_attr", "flashinfer_updater"): WHY["property_attr"],
    ("property_runner", "trtllm_init"): WHY["property_runner"],
    ("rename_locals+accessor_other_module", "trtllm_init"): WHY["accessor_other_module"],
    ("resolver_cached_draft_flag", "aiter_resolver"): WHY["resolver_cached_draft_flag"],
    ("resolver_cached_draft_flag", "flashinfer_resolver"): WHY["resolver_cached_draft_flag"],
    ("resolver_cached_draft_flag", "trtllm_resolver"): WHY["resolver_cached_draft_flag"],
    ("resolver_early_fetch", "aiter_resolver"): WHY["resolver_early_fetch"],
    ("resolver_early_fetch", "flashinfer_resolver"): WHY["resolver_early_fetch"],
    ("resolver_early_fetch", "trtllm_resolver"): WHY["resolver_early_fetch"],
    ("resolver_elif", "aiter_resolver"): WHY["resolver_elif"],
    ("resolver_elif", "flashinfer_resolver"): WHY["resolver_elif"],
    ("resolver_elif", "trtllm_resolver"): WHY["resolver_elif"],
    ("resolver_elif+module_class_alias", "trtllm_resolver"): WHY["resolver_elif"],
    ("resolver_helper_predicate", "aiter_resolver"): WHY["resolver_helper_predicate"],
    ("resolver_helper_predicate", "flashinfer_resolver"): WHY["resolver_helper_predicate"],
    ("resolver_helper_predicate", "trtllm_resolver"): WHY["resolver_helper_predicate"],
    ("resolver_helper_predicate+misleading_local_names", "trtllm_resolver"): WHY[
        "resolver_helper_predicate"
    ],
    ("resolver_positive_guard", "aiter_resolver"): WHY["resolver_positive_guard"],
    ("resolver_positive_guard", "flashinfer_resolver"): WHY["resolver_positive_guard"],
    ("resolver_positive_guard", "trtllm_resolver"): WHY["resolver_positive_guard"],
    ("resolver_positive_guard+qualified_class", "aiter_resolver"): WHY["resolver_positive_guard"],
    ("resolver_single_exit", "aiter_resolver"): WHY["resolver_single_exit"],
    ("resolver_single_exit", "flashinfer_resolver"): WHY["resolver_single_exit"],
    ("resolver_single_exit", "trtllm_resolver"): WHY["resolver_single_exit"],
}

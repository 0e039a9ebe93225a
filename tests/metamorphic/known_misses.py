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
}
COMPOSED = "two operators that each keep the verdict alone lose it together"

KNOWN_MISSES: dict[tuple[str, str], str] = {
    ("accessor_method", "flashinfer_updater"): WHY["accessor_method"],
    ("accessor_method", "trtllm_init"): WHY["accessor_method"],
    ("accessor_method+bind_get_kvcache", "trtllm_init"): WHY["accessor_method"],
    ("accessor_method+getattr_literal", "flashinfer_updater"): WHY["accessor_method"],
    ("and_to_ifexp+module_accessor", "flashinfer_updater"): WHY["module_accessor"],
    ("closure_getter", "flashinfer_updater"): WHY["closure_getter"],
    ("closure_getter", "trtllm_init"): WHY["closure_getter"],
    ("closure_getter+accessor_method", "trtllm_init"): WHY["closure_getter"],
    ("closure_getter+qualified_class", "trtllm_init"): WHY["closure_getter"],
    ("closure_getter+rename_swa_attrs", "trtllm_init"): WHY["closure_getter"],
    ("import_alias+closure_getter", "trtllm_init"): WHY["closure_getter"],
    ("module_accessor", "flashinfer_updater"): WHY["module_accessor"],
    ("module_accessor", "trtllm_init"): WHY["module_accessor"],
    ("module_accessor+isinstance_tuple", "flashinfer_updater"): WHY["module_accessor"],
    ("module_accessor+rename_params", "trtllm_init"): WHY["module_accessor"],
    ("property_attr", "flashinfer_updater"): WHY["property_attr"],
    ("property_attr+and_to_ifexp", "flashinfer_updater"): WHY["property_attr"],
    ("property_runner", "trtllm_init"): WHY["property_runner"],
    ("rename_params+accessor_method", "trtllm_init"): WHY["accessor_method"],
}

#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "generic", cpu_features = "", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 16 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
"builtin.module"() ({
  "util.global"() <{initial_value = #device_target_local, sym_name = "__device_0", sym_visibility = "private", type = !hal.device}> : () -> ()
  "util.global"() <{sym_name = "w0_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w0_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w0_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w1_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w1_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w1_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w2_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w2_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w2_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w3_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w3_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w3_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b3", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w4_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w4_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w4_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b4", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w5_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w5_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w5_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b5", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w6_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w6_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w6_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b6", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w7_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w7_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w7_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b7", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w8_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w8_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w8_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b8", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w9_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w9_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w9_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b9", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w10_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w10_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w10_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b10", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w11_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w11_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w11_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b11", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w12_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w12_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w12_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b12", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w13_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w13_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w13_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b13", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w14_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w14_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w14_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b14", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w15_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w15_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w15_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b15", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w16_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w16_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w16_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b16", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w17_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w17_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w17_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b17", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w18_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w18_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w18_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b18", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w19_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w19_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w19_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b19", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w20_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w20_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w20_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b20", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w21_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w21_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w21_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b21", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w22_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w22_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w22_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b22", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w23_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w23_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w23_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b23", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w24_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w24_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w24_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b24", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w25_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w25_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w25_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b25", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w26_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w26_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w26_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b26", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w27_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w27_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w27_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b27", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w28_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w28_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w28_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b28", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w29_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w29_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w29_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b29", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w30_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w30_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w30_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b30", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w31_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w31_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w31_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b31", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w32_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w32_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w32_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b32", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w33_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w33_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w33_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b33", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w34_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w34_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w34_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b34", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w35_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w35_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w35_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b35", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w36_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w36_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w36_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b36", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w37_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w37_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w37_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b37", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w38_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w38_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w38_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b38", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w39_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w39_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w39_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b39", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w40_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w40_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w40_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b40", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w41_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w41_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w41_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b41", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w42_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w42_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w42_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b42", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w43_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w43_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w43_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b43", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w44_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w44_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w44_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b44", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w45_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w45_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w45_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b45", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w46_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w46_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w46_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b46", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w47_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w47_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w47_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b47", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w48_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w48_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w48_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b48", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w49_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w49_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w49_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b49", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w50_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w50_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w50_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b50", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w51_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w51_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w51_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b51", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w52_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w52_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w52_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b52", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w53_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w53_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w53_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b53", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w54_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w54_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w54_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b54", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w55_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w55_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w55_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b55", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w56_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w56_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w56_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b56", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w57_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w57_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w57_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b57", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w58_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w58_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w58_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b58", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w59_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w59_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w59_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b59", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w60_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w60_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w60_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b60", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w61_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w61_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w61_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b61", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w62_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w62_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w62_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b62", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w63_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w63_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w63_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b63", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w64_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w64_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w64_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b64", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w65_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w65_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w65_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b65", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w66_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w66_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w66_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b66", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w67_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w67_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w67_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b67", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w68_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w68_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w68_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b68", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w69_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w69_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w69_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b69", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w70_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w70_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w70_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b70", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w71_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w71_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w71_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b71", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w72_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w72_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w72_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b72", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w73_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w73_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w73_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b73", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w74_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w74_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w74_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b74", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w75_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w75_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w75_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b75", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w76_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w76_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w76_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b76", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w77_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w77_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w77_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b77", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w78_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w78_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w78_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b78", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w79_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w79_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w79_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b79", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w80_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w80_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w80_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b80", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w81_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w81_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w81_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b81", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w82_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w82_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w82_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b82", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w83_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w83_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w83_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b83", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w84_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w84_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w84_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b84", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w85_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w85_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w85_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b85", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w86_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w86_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w86_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b86", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w87_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w87_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w87_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b87", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w88_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w88_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w88_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b88", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w89_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w89_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w89_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b89", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w90_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w90_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w90_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b90", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w91_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w91_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w91_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b91", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w92_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w92_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w92_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b92", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w93_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w93_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w93_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b93", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w94_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w94_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w94_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b94", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w95_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w95_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w95_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b95", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w96_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w96_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w96_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b96", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w97_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w97_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w97_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b97", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w98_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w98_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w98_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b98", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w99_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w99_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w99_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b99", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w100_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w100_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w100_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b100", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w101_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w101_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w101_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b101", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w102_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w102_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w102_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b102", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w103_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w103_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w103_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b103", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w104_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w104_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w104_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b104", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w105_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w105_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w105_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b105", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w106_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w106_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w106_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b106", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w107_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w107_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w107_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b107", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w108_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w108_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w108_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b108", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w109_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w109_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w109_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b109", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w110_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w110_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w110_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b110", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w111_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w111_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w111_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b111", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w112_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w112_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w112_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b112", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w113_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w113_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w113_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b113", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w114_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w114_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w114_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b114", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w115_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w115_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w115_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b115", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w116_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w116_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w116_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b116", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w117_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w117_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w117_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b117", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w118_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w118_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w118_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b118", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w119_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w119_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w119_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b119", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w120_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w120_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w120_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b120", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w121_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w121_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w121_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b121", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w122_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w122_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w122_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b122", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w123_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w123_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w123_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b123", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w124_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w124_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w124_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b124", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w125_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w125_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w125_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b125", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w126_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w126_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w126_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b126", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w127_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w127_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w127_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b127", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w128_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w128_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w128_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b128", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w129_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w129_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w129_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b129", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w130_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w130_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w130_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b130", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w131_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w131_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w131_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b131", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w132_0", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w132_1", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "w132_2", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.global"() <{sym_name = "b132", sym_visibility = "private", type = !stream.resource<constant>}> : () -> ()
  "util.initializer"() <{function_type = () -> ()}> ({
    %603 = "arith.constant"() <{value = 128 : index}> : () -> index
    %604 = "arith.constant"() <{value = 4096 : index}> : () -> index
    %605 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %606 = "util.buffer.constant"() <{value = "w0_0"}> : () -> !util.buffer
    %607 = "util.buffer.constant"() <{value = "w0_1"}> : () -> !util.buffer
    %608 = "util.buffer.constant"() <{value = "w0_2"}> : () -> !util.buffer
    %609 = "util.buffer.constant"() <{value = "b0"}> : () -> !util.buffer
    %610 = "util.buffer.constant"() <{value = "w1_0"}> : () -> !util.buffer
    %611 = "util.buffer.constant"() <{value = "w1_1"}> : () -> !util.buffer
    %612 = "util.buffer.constant"() <{value = "w1_2"}> : () -> !util.buffer
    %613 = "util.buffer.constant"() <{value = "b1"}> : () -> !util.buffer
    %614 = "util.buffer.constant"() <{value = "w2_0"}> : () -> !util.buffer
    %615 = "util.buffer.constant"() <{value = "w2_1"}> : () -> !util.buffer
    %616 = "util.buffer.constant"() <{value = "w2_2"}> : () -> !util.buffer
    %617 = "util.buffer.constant"() <{value = "b2"}> : () -> !util.buffer
    %618 = "util.buffer.constant"() <{value = "w3_0"}> : () -> !util.buffer
    %619 = "util.buffer.constant"() <{value = "w3_1"}> : () -> !util.buffer
    %620 = "util.buffer.constant"() <{value = "w3_2"}> : () -> !util.buffer
    %621 = "util.buffer.constant"() <{value = "b3"}> : () -> !util.buffer
    %622 = "util.buffer.constant"() <{value = "w4_0"}> : () -> !util.buffer
    %623 = "util.buffer.constant"() <{value = "w4_1"}> : () -> !util.buffer
    %624 = "util.buffer.constant"() <{value = "w4_2"}> : () -> !util.buffer
    %625 = "util.buffer.constant"() <{value = "b4"}> : () -> !util.buffer
    %626 = "util.buffer.constant"() <{value = "w5_0"}> : () -> !util.buffer
    %627 = "util.buffer.constant"() <{value = "w5_1"}> : () -> !util.buffer
    %628 = "util.buffer.constant"() <{value = "w5_2"}> : () -> !util.buffer
    %629 = "util.buffer.constant"() <{value = "b5"}> : () -> !util.buffer
    %630 = "util.buffer.constant"() <{value = "w6_0"}> : () -> !util.buffer
    %631 = "util.buffer.constant"() <{value = "w6_1"}> : () -> !util.buffer
    %632 = "util.buffer.constant"() <{value = "w6_2"}> : () -> !util.buffer
    %633 = "util.buffer.constant"() <{value = "b6"}> : () -> !util.buffer
    %634 = "util.buffer.constant"() <{value = "w7_0"}> : () -> !util.buffer
    %635 = "util.buffer.constant"() <{value = "w7_1"}> : () -> !util.buffer
    %636 = "util.buffer.constant"() <{value = "w7_2"}> : () -> !util.buffer
    %637 = "util.buffer.constant"() <{value = "b7"}> : () -> !util.buffer
    %638 = "util.buffer.constant"() <{value = "w8_0"}> : () -> !util.buffer
    %639 = "util.buffer.constant"() <{value = "w8_1"}> : () -> !util.buffer
    %640 = "util.buffer.constant"() <{value = "w8_2"}> : () -> !util.buffer
    %641 = "util.buffer.constant"() <{value = "b8"}> : () -> !util.buffer
    %642 = "util.buffer.constant"() <{value = "w9_0"}> : () -> !util.buffer
    %643 = "util.buffer.constant"() <{value = "w9_1"}> : () -> !util.buffer
    %644 = "util.buffer.constant"() <{value = "w9_2"}> : () -> !util.buffer
    %645 = "util.buffer.constant"() <{value = "b9"}> : () -> !util.buffer
    %646 = "util.buffer.constant"() <{value = "w10_0"}> : () -> !util.buffer
    %647 = "util.buffer.constant"() <{value = "w10_1"}> : () -> !util.buffer
    %648 = "util.buffer.constant"() <{value = "w10_2"}> : () -> !util.buffer
    %649 = "util.buffer.constant"() <{value = "b10"}> : () -> !util.buffer
    %650 = "util.buffer.constant"() <{value = "w11_0"}> : () -> !util.buffer
    %651 = "util.buffer.constant"() <{value = "w11_1"}> : () -> !util.buffer
    %652 = "util.buffer.constant"() <{value = "w11_2"}> : () -> !util.buffer
    %653 = "util.buffer.constant"() <{value = "b11"}> : () -> !util.buffer
    %654 = "util.buffer.constant"() <{value = "w12_0"}> : () -> !util.buffer
    %655 = "util.buffer.constant"() <{value = "w12_1"}> : () -> !util.buffer
    %656 = "util.buffer.constant"() <{value = "w12_2"}> : () -> !util.buffer
    %657 = "util.buffer.constant"() <{value = "b12"}> : () -> !util.buffer
    %658 = "util.buffer.constant"() <{value = "w13_0"}> : () -> !util.buffer
    %659 = "util.buffer.constant"() <{value = "w13_1"}> : () -> !util.buffer
    %660 = "util.buffer.constant"() <{value = "w13_2"}> : () -> !util.buffer
    %661 = "util.buffer.constant"() <{value = "b13"}> : () -> !util.buffer
    %662 = "util.buffer.constant"() <{value = "w14_0"}> : () -> !util.buffer
    %663 = "util.buffer.constant"() <{value = "w14_1"}> : () -> !util.buffer
    %664 = "util.buffer.constant"() <{value = "w14_2"}> : () -> !util.buffer
    %665 = "util.buffer.constant"() <{value = "b14"}> : () -> !util.buffer
    %666 = "util.buffer.constant"() <{value = "w15_0"}> : () -> !util.buffer
    %667 = "util.buffer.constant"() <{value = "w15_1"}> : () -> !util.buffer
    %668 = "util.buffer.constant"() <{value = "w15_2"}> : () -> !util.buffer
    %669 = "util.buffer.constant"() <{value = "b15"}> : () -> !util.buffer
    %670 = "util.buffer.constant"() <{value = "w16_0"}> : () -> !util.buffer
    %671 = "util.buffer.constant"() <{value = "w16_1"}> : () -> !util.buffer
    %672 = "util.buffer.constant"() <{value = "w16_2"}> : () -> !util.buffer
    %673 = "util.buffer.constant"() <{value = "b16"}> : () -> !util.buffer
    %674 = "util.buffer.constant"() <{value = "w17_0"}> : () -> !util.buffer
    %675 = "util.buffer.constant"() <{value = "w17_1"}> : () -> !util.buffer
    %676 = "util.buffer.constant"() <{value = "w17_2"}> : () -> !util.buffer
    %677 = "util.buffer.constant"() <{value = "b17"}> : () -> !util.buffer
    %678 = "util.buffer.constant"() <{value = "w18_0"}> : () -> !util.buffer
    %679 = "util.buffer.constant"() <{value = "w18_1"}> : () -> !util.buffer
    %680 = "util.buffer.constant"() <{value = "w18_2"}> : () -> !util.buffer
    %681 = "util.buffer.constant"() <{value = "b18"}> : () -> !util.buffer
    %682 = "util.buffer.constant"() <{value = "w19_0"}> : () -> !util.buffer
    %683 = "util.buffer.constant"() <{value = "w19_1"}> : () -> !util.buffer
    %684 = "util.buffer.constant"() <{value = "w19_2"}> : () -> !util.buffer
    %685 = "util.buffer.constant"() <{value = "b19"}> : () -> !util.buffer
    %686 = "util.buffer.constant"() <{value = "w20_0"}> : () -> !util.buffer
    %687 = "util.buffer.constant"() <{value = "w20_1"}> : () -> !util.buffer
    %688 = "util.buffer.constant"() <{value = "w20_2"}> : () -> !util.buffer
    %689 = "util.buffer.constant"() <{value = "b20"}> : () -> !util.buffer
    %690 = "util.buffer.constant"() <{value = "w21_0"}> : () -> !util.buffer
    %691 = "util.buffer.constant"() <{value = "w21_1"}> : () -> !util.buffer
    %692 = "util.buffer.constant"() <{value = "w21_2"}> : () -> !util.buffer
    %693 = "util.buffer.constant"() <{value = "b21"}> : () -> !util.buffer
    %694 = "util.buffer.constant"() <{value = "w22_0"}> : () -> !util.buffer
    %695 = "util.buffer.constant"() <{value = "w22_1"}> : () -> !util.buffer
    %696 = "util.buffer.constant"() <{value = "w22_2"}> : () -> !util.buffer
    %697 = "util.buffer.constant"() <{value = "b22"}> : () -> !util.buffer
    %698 = "util.buffer.constant"() <{value = "w23_0"}> : () -> !util.buffer
    %699 = "util.buffer.constant"() <{value = "w23_1"}> : () -> !util.buffer
    %700 = "util.buffer.constant"() <{value = "w23_2"}> : () -> !util.buffer
    %701 = "util.buffer.constant"() <{value = "b23"}> : () -> !util.buffer
    %702 = "util.buffer.constant"() <{value = "w24_0"}> : () -> !util.buffer
    %703 = "util.buffer.constant"() <{value = "w24_1"}> : () -> !util.buffer
    %704 = "util.buffer.constant"() <{value = "w24_2"}> : () -> !util.buffer
    %705 = "util.buffer.constant"() <{value = "b24"}> : () -> !util.buffer
    %706 = "util.buffer.constant"() <{value = "w25_0"}> : () -> !util.buffer
    %707 = "util.buffer.constant"() <{value = "w25_1"}> : () -> !util.buffer
    %708 = "util.buffer.constant"() <{value = "w25_2"}> : () -> !util.buffer
    %709 = "util.buffer.constant"() <{value = "b25"}> : () -> !util.buffer
    %710 = "util.buffer.constant"() <{value = "w26_0"}> : () -> !util.buffer
    %711 = "util.buffer.constant"() <{value = "w26_1"}> : () -> !util.buffer
    %712 = "util.buffer.constant"() <{value = "w26_2"}> : () -> !util.buffer
    %713 = "util.buffer.constant"() <{value = "b26"}> : () -> !util.buffer
    %714 = "util.buffer.constant"() <{value = "w27_0"}> : () -> !util.buffer
    %715 = "util.buffer.constant"() <{value = "w27_1"}> : () -> !util.buffer
    %716 = "util.buffer.constant"() <{value = "w27_2"}> : () -> !util.buffer
    %717 = "util.buffer.constant"() <{value = "b27"}> : () -> !util.buffer
    %718 = "util.buffer.constant"() <{value = "w28_0"}> : () -> !util.buffer
    %719 = "util.buffer.constant"() <{value = "w28_1"}> : () -> !util.buffer
    %720 = "util.buffer.constant"() <{value = "w28_2"}> : () -> !util.buffer
    %721 = "util.buffer.constant"() <{value = "b28"}> : () -> !util.buffer
    %722 = "util.buffer.constant"() <{value = "w29_0"}> : () -> !util.buffer
    %723 = "util.buffer.constant"() <{value = "w29_1"}> : () -> !util.buffer
    %724 = "util.buffer.constant"() <{value = "w29_2"}> : () -> !util.buffer
    %725 = "util.buffer.constant"() <{value = "b29"}> : () -> !util.buffer
    %726 = "util.buffer.constant"() <{value = "w30_0"}> : () -> !util.buffer
    %727 = "util.buffer.constant"() <{value = "w30_1"}> : () -> !util.buffer
    %728 = "util.buffer.constant"() <{value = "w30_2"}> : () -> !util.buffer
    %729 = "util.buffer.constant"() <{value = "b30"}> : () -> !util.buffer
    %730 = "util.buffer.constant"() <{value = "w31_0"}> : () -> !util.buffer
    %731 = "util.buffer.constant"() <{value = "w31_1"}> : () -> !util.buffer
    %732 = "util.buffer.constant"() <{value = "w31_2"}> : () -> !util.buffer
    %733 = "util.buffer.constant"() <{value = "b31"}> : () -> !util.buffer
    %734 = "util.buffer.constant"() <{value = "w32_0"}> : () -> !util.buffer
    %735 = "util.buffer.constant"() <{value = "w32_1"}> : () -> !util.buffer
    %736 = "util.buffer.constant"() <{value = "w32_2"}> : () -> !util.buffer
    %737 = "util.buffer.constant"() <{value = "b32"}> : () -> !util.buffer
    %738 = "util.buffer.constant"() <{value = "w33_0"}> : () -> !util.buffer
    %739 = "util.buffer.constant"() <{value = "w33_1"}> : () -> !util.buffer
    %740 = "util.buffer.constant"() <{value = "w33_2"}> : () -> !util.buffer
    %741 = "util.buffer.constant"() <{value = "b33"}> : () -> !util.buffer
    %742 = "util.buffer.constant"() <{value = "w34_0"}> : () -> !util.buffer
    %743 = "util.buffer.constant"() <{value = "w34_1"}> : () -> !util.buffer
    %744 = "util.buffer.constant"() <{value = "w34_2"}> : () -> !util.buffer
    %745 = "util.buffer.constant"() <{value = "b34"}> : () -> !util.buffer
    %746 = "util.buffer.constant"() <{value = "w35_0"}> : () -> !util.buffer
    %747 = "util.buffer.constant"() <{value = "w35_1"}> : () -> !util.buffer
    %748 = "util.buffer.constant"() <{value = "w35_2"}> : () -> !util.buffer
    %749 = "util.buffer.constant"() <{value = "b35"}> : () -> !util.buffer
    %750 = "util.buffer.constant"() <{value = "w36_0"}> : () -> !util.buffer
    %751 = "util.buffer.constant"() <{value = "w36_1"}> : () -> !util.buffer
    %752 = "util.buffer.constant"() <{value = "w36_2"}> : () -> !util.buffer
    %753 = "util.buffer.constant"() <{value = "b36"}> : () -> !util.buffer
    %754 = "util.buffer.constant"() <{value = "w37_0"}> : () -> !util.buffer
    %755 = "util.buffer.constant"() <{value = "w37_1"}> : () -> !util.buffer
    %756 = "util.buffer.constant"() <{value = "w37_2"}> : () -> !util.buffer
    %757 = "util.buffer.constant"() <{value = "b37"}> : () -> !util.buffer
    %758 = "util.buffer.constant"() <{value = "w38_0"}> : () -> !util.buffer
    %759 = "util.buffer.constant"() <{value = "w38_1"}> : () -> !util.buffer
    %760 = "util.buffer.constant"() <{value = "w38_2"}> : () -> !util.buffer
    %761 = "util.buffer.constant"() <{value = "b38"}> : () -> !util.buffer
    %762 = "util.buffer.constant"() <{value = "w39_0"}> : () -> !util.buffer
    %763 = "util.buffer.constant"() <{value = "w39_1"}> : () -> !util.buffer
    %764 = "util.buffer.constant"() <{value = "w39_2"}> : () -> !util.buffer
    %765 = "util.buffer.constant"() <{value = "b39"}> : () -> !util.buffer
    %766 = "util.buffer.constant"() <{value = "w40_0"}> : () -> !util.buffer
    %767 = "util.buffer.constant"() <{value = "w40_1"}> : () -> !util.buffer
    %768 = "util.buffer.constant"() <{value = "w40_2"}> : () -> !util.buffer
    %769 = "util.buffer.constant"() <{value = "b40"}> : () -> !util.buffer
    %770 = "util.buffer.constant"() <{value = "w41_0"}> : () -> !util.buffer
    %771 = "util.buffer.constant"() <{value = "w41_1"}> : () -> !util.buffer
    %772 = "util.buffer.constant"() <{value = "w41_2"}> : () -> !util.buffer
    %773 = "util.buffer.constant"() <{value = "b41"}> : () -> !util.buffer
    %774 = "util.buffer.constant"() <{value = "w42_0"}> : () -> !util.buffer
    %775 = "util.buffer.constant"() <{value = "w42_1"}> : () -> !util.buffer
    %776 = "util.buffer.constant"() <{value = "w42_2"}> : () -> !util.buffer
    %777 = "util.buffer.constant"() <{value = "b42"}> : () -> !util.buffer
    %778 = "util.buffer.constant"() <{value = "w43_0"}> : () -> !util.buffer
    %779 = "util.buffer.constant"() <{value = "w43_1"}> : () -> !util.buffer
    %780 = "util.buffer.constant"() <{value = "w43_2"}> : () -> !util.buffer
    %781 = "util.buffer.constant"() <{value = "b43"}> : () -> !util.buffer
    %782 = "util.buffer.constant"() <{value = "w44_0"}> : () -> !util.buffer
    %783 = "util.buffer.constant"() <{value = "w44_1"}> : () -> !util.buffer
    %784 = "util.buffer.constant"() <{value = "w44_2"}> : () -> !util.buffer
    %785 = "util.buffer.constant"() <{value = "b44"}> : () -> !util.buffer
    %786 = "util.buffer.constant"() <{value = "w45_0"}> : () -> !util.buffer
    %787 = "util.buffer.constant"() <{value = "w45_1"}> : () -> !util.buffer
    %788 = "util.buffer.constant"() <{value = "w45_2"}> : () -> !util.buffer
    %789 = "util.buffer.constant"() <{value = "b45"}> : () -> !util.buffer
    %790 = "util.buffer.constant"() <{value = "w46_0"}> : () -> !util.buffer
    %791 = "util.buffer.constant"() <{value = "w46_1"}> : () -> !util.buffer
    %792 = "util.buffer.constant"() <{value = "w46_2"}> : () -> !util.buffer
    %793 = "util.buffer.constant"() <{value = "b46"}> : () -> !util.buffer
    %794 = "util.buffer.constant"() <{value = "w47_0"}> : () -> !util.buffer
    %795 = "util.buffer.constant"() <{value = "w47_1"}> : () -> !util.buffer
    %796 = "util.buffer.constant"() <{value = "w47_2"}> : () -> !util.buffer
    %797 = "util.buffer.constant"() <{value = "b47"}> : () -> !util.buffer
    %798 = "util.buffer.constant"() <{value = "w48_0"}> : () -> !util.buffer
    %799 = "util.buffer.constant"() <{value = "w48_1"}> : () -> !util.buffer
    %800 = "util.buffer.constant"() <{value = "w48_2"}> : () -> !util.buffer
    %801 = "util.buffer.constant"() <{value = "b48"}> : () -> !util.buffer
    %802 = "util.buffer.constant"() <{value = "w49_0"}> : () -> !util.buffer
    %803 = "util.buffer.constant"() <{value = "w49_1"}> : () -> !util.buffer
    %804 = "util.buffer.constant"() <{value = "w49_2"}> : () -> !util.buffer
    %805 = "util.buffer.constant"() <{value = "b49"}> : () -> !util.buffer
    %806 = "util.buffer.constant"() <{value = "w50_0"}> : () -> !util.buffer
    %807 = "util.buffer.constant"() <{value = "w50_1"}> : () -> !util.buffer
    %808 = "util.buffer.constant"() <{value = "w50_2"}> : () -> !util.buffer
    %809 = "util.buffer.constant"() <{value = "b50"}> : () -> !util.buffer
    %810 = "util.buffer.constant"() <{value = "w51_0"}> : () -> !util.buffer
    %811 = "util.buffer.constant"() <{value = "w51_1"}> : () -> !util.buffer
    %812 = "util.buffer.constant"() <{value = "w51_2"}> : () -> !util.buffer
    %813 = "util.buffer.constant"() <{value = "b51"}> : () -> !util.buffer
    %814 = "util.buffer.constant"() <{value = "w52_0"}> : () -> !util.buffer
    %815 = "util.buffer.constant"() <{value = "w52_1"}> : () -> !util.buffer
    %816 = "util.buffer.constant"() <{value = "w52_2"}> : () -> !util.buffer
    %817 = "util.buffer.constant"() <{value = "b52"}> : () -> !util.buffer
    %818 = "util.buffer.constant"() <{value = "w53_0"}> : () -> !util.buffer
    %819 = "util.buffer.constant"() <{value = "w53_1"}> : () -> !util.buffer
    %820 = "util.buffer.constant"() <{value = "w53_2"}> : () -> !util.buffer
    %821 = "util.buffer.constant"() <{value = "b53"}> : () -> !util.buffer
    %822 = "util.buffer.constant"() <{value = "w54_0"}> : () -> !util.buffer
    %823 = "util.buffer.constant"() <{value = "w54_1"}> : () -> !util.buffer
    %824 = "util.buffer.constant"() <{value = "w54_2"}> : () -> !util.buffer
    %825 = "util.buffer.constant"() <{value = "b54"}> : () -> !util.buffer
    %826 = "util.buffer.constant"() <{value = "w55_0"}> : () -> !util.buffer
    %827 = "util.buffer.constant"() <{value = "w55_1"}> : () -> !util.buffer
    %828 = "util.buffer.constant"() <{value = "w55_2"}> : () -> !util.buffer
    %829 = "util.buffer.constant"() <{value = "b55"}> : () -> !util.buffer
    %830 = "util.buffer.constant"() <{value = "w56_0"}> : () -> !util.buffer
    %831 = "util.buffer.constant"() <{value = "w56_1"}> : () -> !util.buffer
    %832 = "util.buffer.constant"() <{value = "w56_2"}> : () -> !util.buffer
    %833 = "util.buffer.constant"() <{value = "b56"}> : () -> !util.buffer
    %834 = "util.buffer.constant"() <{value = "w57_0"}> : () -> !util.buffer
    %835 = "util.buffer.constant"() <{value = "w57_1"}> : () -> !util.buffer
    %836 = "util.buffer.constant"() <{value = "w57_2"}> : () -> !util.buffer
    %837 = "util.buffer.constant"() <{value = "b57"}> : () -> !util.buffer
    %838 = "util.buffer.constant"() <{value = "w58_0"}> : () -> !util.buffer
    %839 = "util.buffer.constant"() <{value = "w58_1"}> : () -> !util.buffer
    %840 = "util.buffer.constant"() <{value = "w58_2"}> : () -> !util.buffer
    %841 = "util.buffer.constant"() <{value = "b58"}> : () -> !util.buffer
    %842 = "util.buffer.constant"() <{value = "w59_0"}> : () -> !util.buffer
    %843 = "util.buffer.constant"() <{value = "w59_1"}> : () -> !util.buffer
    %844 = "util.buffer.constant"() <{value = "w59_2"}> : () -> !util.buffer
    %845 = "util.buffer.constant"() <{value = "b59"}> : () -> !util.buffer
    %846 = "util.buffer.constant"() <{value = "w60_0"}> : () -> !util.buffer
    %847 = "util.buffer.constant"() <{value = "w60_1"}> : () -> !util.buffer
    %848 = "util.buffer.constant"() <{value = "w60_2"}> : () -> !util.buffer
    %849 = "util.buffer.constant"() <{value = "b60"}> : () -> !util.buffer
    %850 = "util.buffer.constant"() <{value = "w61_0"}> : () -> !util.buffer
    %851 = "util.buffer.constant"() <{value = "w61_1"}> : () -> !util.buffer
    %852 = "util.buffer.constant"() <{value = "w61_2"}> : () -> !util.buffer
    %853 = "util.buffer.constant"() <{value = "b61"}> : () -> !util.buffer
    %854 = "util.buffer.constant"() <{value = "w62_0"}> : () -> !util.buffer
    %855 = "util.buffer.constant"() <{value = "w62_1"}> : () -> !util.buffer
    %856 = "util.buffer.constant"() <{value = "w62_2"}> : () -> !util.buffer
    %857 = "util.buffer.constant"() <{value = "b62"}> : () -> !util.buffer
    %858 = "util.buffer.constant"() <{value = "w63_0"}> : () -> !util.buffer
    %859 = "util.buffer.constant"() <{value = "w63_1"}> : () -> !util.buffer
    %860 = "util.buffer.constant"() <{value = "w63_2"}> : () -> !util.buffer
    %861 = "util.buffer.constant"() <{value = "b63"}> : () -> !util.buffer
    %862 = "util.buffer.constant"() <{value = "w64_0"}> : () -> !util.buffer
    %863 = "util.buffer.constant"() <{value = "w64_1"}> : () -> !util.buffer
    %864 = "util.buffer.constant"() <{value = "w64_2"}> : () -> !util.buffer
    %865 = "util.buffer.constant"() <{value = "b64"}> : () -> !util.buffer
    %866 = "util.buffer.constant"() <{value = "w65_0"}> : () -> !util.buffer
    %867 = "util.buffer.constant"() <{value = "w65_1"}> : () -> !util.buffer
    %868 = "util.buffer.constant"() <{value = "w65_2"}> : () -> !util.buffer
    %869 = "util.buffer.constant"() <{value = "b65"}> : () -> !util.buffer
    %870 = "util.buffer.constant"() <{value = "w66_0"}> : () -> !util.buffer
    %871 = "util.buffer.constant"() <{value = "w66_1"}> : () -> !util.buffer
    %872 = "util.buffer.constant"() <{value = "w66_2"}> : () -> !util.buffer
    %873 = "util.buffer.constant"() <{value = "b66"}> : () -> !util.buffer
    %874 = "util.buffer.constant"() <{value = "w67_0"}> : () -> !util.buffer
    %875 = "util.buffer.constant"() <{value = "w67_1"}> : () -> !util.buffer
    %876 = "util.buffer.constant"() <{value = "w67_2"}> : () -> !util.buffer
    %877 = "util.buffer.constant"() <{value = "b67"}> : () -> !util.buffer
    %878 = "util.buffer.constant"() <{value = "w68_0"}> : () -> !util.buffer
    %879 = "util.buffer.constant"() <{value = "w68_1"}> : () -> !util.buffer
    %880 = "util.buffer.constant"() <{value = "w68_2"}> : () -> !util.buffer
    %881 = "util.buffer.constant"() <{value = "b68"}> : () -> !util.buffer
    %882 = "util.buffer.constant"() <{value = "w69_0"}> : () -> !util.buffer
    %883 = "util.buffer.constant"() <{value = "w69_1"}> : () -> !util.buffer
    %884 = "util.buffer.constant"() <{value = "w69_2"}> : () -> !util.buffer
    %885 = "util.buffer.constant"() <{value = "b69"}> : () -> !util.buffer
    %886 = "util.buffer.constant"() <{value = "w70_0"}> : () -> !util.buffer
    %887 = "util.buffer.constant"() <{value = "w70_1"}> : () -> !util.buffer
    %888 = "util.buffer.constant"() <{value = "w70_2"}> : () -> !util.buffer
    %889 = "util.buffer.constant"() <{value = "b70"}> : () -> !util.buffer
    %890 = "util.buffer.constant"() <{value = "w71_0"}> : () -> !util.buffer
    %891 = "util.buffer.constant"() <{value = "w71_1"}> : () -> !util.buffer
    %892 = "util.buffer.constant"() <{value = "w71_2"}> : () -> !util.buffer
    %893 = "util.buffer.constant"() <{value = "b71"}> : () -> !util.buffer
    %894 = "util.buffer.constant"() <{value = "w72_0"}> : () -> !util.buffer
    %895 = "util.buffer.constant"() <{value = "w72_1"}> : () -> !util.buffer
    %896 = "util.buffer.constant"() <{value = "w72_2"}> : () -> !util.buffer
    %897 = "util.buffer.constant"() <{value = "b72"}> : () -> !util.buffer
    %898 = "util.buffer.constant"() <{value = "w73_0"}> : () -> !util.buffer
    %899 = "util.buffer.constant"() <{value = "w73_1"}> : () -> !util.buffer
    %900 = "util.buffer.constant"() <{value = "w73_2"}> : () -> !util.buffer
    %901 = "util.buffer.constant"() <{value = "b73"}> : () -> !util.buffer
    %902 = "util.buffer.constant"() <{value = "w74_0"}> : () -> !util.buffer
    %903 = "util.buffer.constant"() <{value = "w74_1"}> : () -> !util.buffer
    %904 = "util.buffer.constant"() <{value = "w74_2"}> : () -> !util.buffer
    %905 = "util.buffer.constant"() <{value = "b74"}> : () -> !util.buffer
    %906 = "util.buffer.constant"() <{value = "w75_0"}> : () -> !util.buffer
    %907 = "util.buffer.constant"() <{value = "w75_1"}> : () -> !util.buffer
    %908 = "util.buffer.constant"() <{value = "w75_2"}> : () -> !util.buffer
    %909 = "util.buffer.constant"() <{value = "b75"}> : () -> !util.buffer
    %910 = "util.buffer.constant"() <{value = "w76_0"}> : () -> !util.buffer
    %911 = "util.buffer.constant"() <{value = "w76_1"}> : () -> !util.buffer
    %912 = "util.buffer.constant"() <{value = "w76_2"}> : () -> !util.buffer
    %913 = "util.buffer.constant"() <{value = "b76"}> : () -> !util.buffer
    %914 = "util.buffer.constant"() <{value = "w77_0"}> : () -> !util.buffer
    %915 = "util.buffer.constant"() <{value = "w77_1"}> : () -> !util.buffer
    %916 = "util.buffer.constant"() <{value = "w77_2"}> : () -> !util.buffer
    %917 = "util.buffer.constant"() <{value = "b77"}> : () -> !util.buffer
    %918 = "util.buffer.constant"() <{value = "w78_0"}> : () -> !util.buffer
    %919 = "util.buffer.constant"() <{value = "w78_1"}> : () -> !util.buffer
    %920 = "util.buffer.constant"() <{value = "w78_2"}> : () -> !util.buffer
    %921 = "util.buffer.constant"() <{value = "b78"}> : () -> !util.buffer
    %922 = "util.buffer.constant"() <{value = "w79_0"}> : () -> !util.buffer
    %923 = "util.buffer.constant"() <{value = "w79_1"}> : () -> !util.buffer
    %924 = "util.buffer.constant"() <{value = "w79_2"}> : () -> !util.buffer
    %925 = "util.buffer.constant"() <{value = "b79"}> : () -> !util.buffer
    %926 = "util.buffer.constant"() <{value = "w80_0"}> : () -> !util.buffer
    %927 = "util.buffer.constant"() <{value = "w80_1"}> : () -> !util.buffer
    %928 = "util.buffer.constant"() <{value = "w80_2"}> : () -> !util.buffer
    %929 = "util.buffer.constant"() <{value = "b80"}> : () -> !util.buffer
    %930 = "util.buffer.constant"() <{value = "w81_0"}> : () -> !util.buffer
    %931 = "util.buffer.constant"() <{value = "w81_1"}> : () -> !util.buffer
    %932 = "util.buffer.constant"() <{value = "w81_2"}> : () -> !util.buffer
    %933 = "util.buffer.constant"() <{value = "b81"}> : () -> !util.buffer
    %934 = "util.buffer.constant"() <{value = "w82_0"}> : () -> !util.buffer
    %935 = "util.buffer.constant"() <{value = "w82_1"}> : () -> !util.buffer
    %936 = "util.buffer.constant"() <{value = "w82_2"}> : () -> !util.buffer
    %937 = "util.buffer.constant"() <{value = "b82"}> : () -> !util.buffer
    %938 = "util.buffer.constant"() <{value = "w83_0"}> : () -> !util.buffer
    %939 = "util.buffer.constant"() <{value = "w83_1"}> : () -> !util.buffer
    %940 = "util.buffer.constant"() <{value = "w83_2"}> : () -> !util.buffer
    %941 = "util.buffer.constant"() <{value = "b83"}> : () -> !util.buffer
    %942 = "util.buffer.constant"() <{value = "w84_0"}> : () -> !util.buffer
    %943 = "util.buffer.constant"() <{value = "w84_1"}> : () -> !util.buffer
    %944 = "util.buffer.constant"() <{value = "w84_2"}> : () -> !util.buffer
    %945 = "util.buffer.constant"() <{value = "b84"}> : () -> !util.buffer
    %946 = "util.buffer.constant"() <{value = "w85_0"}> : () -> !util.buffer
    %947 = "util.buffer.constant"() <{value = "w85_1"}> : () -> !util.buffer
    %948 = "util.buffer.constant"() <{value = "w85_2"}> : () -> !util.buffer
    %949 = "util.buffer.constant"() <{value = "b85"}> : () -> !util.buffer
    %950 = "util.buffer.constant"() <{value = "w86_0"}> : () -> !util.buffer
    %951 = "util.buffer.constant"() <{value = "w86_1"}> : () -> !util.buffer
    %952 = "util.buffer.constant"() <{value = "w86_2"}> : () -> !util.buffer
    %953 = "util.buffer.constant"() <{value = "b86"}> : () -> !util.buffer
    %954 = "util.buffer.constant"() <{value = "w87_0"}> : () -> !util.buffer
    %955 = "util.buffer.constant"() <{value = "w87_1"}> : () -> !util.buffer
    %956 = "util.buffer.constant"() <{value = "w87_2"}> : () -> !util.buffer
    %957 = "util.buffer.constant"() <{value = "b87"}> : () -> !util.buffer
    %958 = "util.buffer.constant"() <{value = "w88_0"}> : () -> !util.buffer
    %959 = "util.buffer.constant"() <{value = "w88_1"}> : () -> !util.buffer
    %960 = "util.buffer.constant"() <{value = "w88_2"}> : () -> !util.buffer
    %961 = "util.buffer.constant"() <{value = "b88"}> : () -> !util.buffer
    %962 = "util.buffer.constant"() <{value = "w89_0"}> : () -> !util.buffer
    %963 = "util.buffer.constant"() <{value = "w89_1"}> : () -> !util.buffer
    %964 = "util.buffer.constant"() <{value = "w89_2"}> : () -> !util.buffer
    %965 = "util.buffer.constant"() <{value = "b89"}> : () -> !util.buffer
    %966 = "util.buffer.constant"() <{value = "w90_0"}> : () -> !util.buffer
    %967 = "util.buffer.constant"() <{value = "w90_1"}> : () -> !util.buffer
    %968 = "util.buffer.constant"() <{value = "w90_2"}> : () -> !util.buffer
    %969 = "util.buffer.constant"() <{value = "b90"}> : () -> !util.buffer
    %970 = "util.buffer.constant"() <{value = "w91_0"}> : () -> !util.buffer
    %971 = "util.buffer.constant"() <{value = "w91_1"}> : () -> !util.buffer
    %972 = "util.buffer.constant"() <{value = "w91_2"}> : () -> !util.buffer
    %973 = "util.buffer.constant"() <{value = "b91"}> : () -> !util.buffer
    %974 = "util.buffer.constant"() <{value = "w92_0"}> : () -> !util.buffer
    %975 = "util.buffer.constant"() <{value = "w92_1"}> : () -> !util.buffer
    %976 = "util.buffer.constant"() <{value = "w92_2"}> : () -> !util.buffer
    %977 = "util.buffer.constant"() <{value = "b92"}> : () -> !util.buffer
    %978 = "util.buffer.constant"() <{value = "w93_0"}> : () -> !util.buffer
    %979 = "util.buffer.constant"() <{value = "w93_1"}> : () -> !util.buffer
    %980 = "util.buffer.constant"() <{value = "w93_2"}> : () -> !util.buffer
    %981 = "util.buffer.constant"() <{value = "b93"}> : () -> !util.buffer
    %982 = "util.buffer.constant"() <{value = "w94_0"}> : () -> !util.buffer
    %983 = "util.buffer.constant"() <{value = "w94_1"}> : () -> !util.buffer
    %984 = "util.buffer.constant"() <{value = "w94_2"}> : () -> !util.buffer
    %985 = "util.buffer.constant"() <{value = "b94"}> : () -> !util.buffer
    %986 = "util.buffer.constant"() <{value = "w95_0"}> : () -> !util.buffer
    %987 = "util.buffer.constant"() <{value = "w95_1"}> : () -> !util.buffer
    %988 = "util.buffer.constant"() <{value = "w95_2"}> : () -> !util.buffer
    %989 = "util.buffer.constant"() <{value = "b95"}> : () -> !util.buffer
    %990 = "util.buffer.constant"() <{value = "w96_0"}> : () -> !util.buffer
    %991 = "util.buffer.constant"() <{value = "w96_1"}> : () -> !util.buffer
    %992 = "util.buffer.constant"() <{value = "w96_2"}> : () -> !util.buffer
    %993 = "util.buffer.constant"() <{value = "b96"}> : () -> !util.buffer
    %994 = "util.buffer.constant"() <{value = "w97_0"}> : () -> !util.buffer
    %995 = "util.buffer.constant"() <{value = "w97_1"}> : () -> !util.buffer
    %996 = "util.buffer.constant"() <{value = "w97_2"}> : () -> !util.buffer
    %997 = "util.buffer.constant"() <{value = "b97"}> : () -> !util.buffer
    %998 = "util.buffer.constant"() <{value = "w98_0"}> : () -> !util.buffer
    %999 = "util.buffer.constant"() <{value = "w98_1"}> : () -> !util.buffer
    %1000 = "util.buffer.constant"() <{value = "w98_2"}> : () -> !util.buffer
    %1001 = "util.buffer.constant"() <{value = "b98"}> : () -> !util.buffer
    %1002 = "util.buffer.constant"() <{value = "w99_0"}> : () -> !util.buffer
    %1003 = "util.buffer.constant"() <{value = "w99_1"}> : () -> !util.buffer
    %1004 = "util.buffer.constant"() <{value = "w99_2"}> : () -> !util.buffer
    %1005 = "util.buffer.constant"() <{value = "b99"}> : () -> !util.buffer
    %1006 = "util.buffer.constant"() <{value = "w100_0"}> : () -> !util.buffer
    %1007 = "util.buffer.constant"() <{value = "w100_1"}> : () -> !util.buffer
    %1008 = "util.buffer.constant"() <{value = "w100_2"}> : () -> !util.buffer
    %1009 = "util.buffer.constant"() <{value = "b100"}> : () -> !util.buffer
    %1010 = "util.buffer.constant"() <{value = "w101_0"}> : () -> !util.buffer
    %1011 = "util.buffer.constant"() <{value = "w101_1"}> : () -> !util.buffer
    %1012 = "util.buffer.constant"() <{value = "w101_2"}> : () -> !util.buffer
    %1013 = "util.buffer.constant"() <{value = "b101"}> : () -> !util.buffer
    %1014 = "util.buffer.constant"() <{value = "w102_0"}> : () -> !util.buffer
    %1015 = "util.buffer.constant"() <{value = "w102_1"}> : () -> !util.buffer
    %1016 = "util.buffer.constant"() <{value = "w102_2"}> : () -> !util.buffer
    %1017 = "util.buffer.constant"() <{value = "b102"}> : () -> !util.buffer
    %1018 = "util.buffer.constant"() <{value = "w103_0"}> : () -> !util.buffer
    %1019 = "util.buffer.constant"() <{value = "w103_1"}> : () -> !util.buffer
    %1020 = "util.buffer.constant"() <{value = "w103_2"}> : () -> !util.buffer
    %1021 = "util.buffer.constant"() <{value = "b103"}> : () -> !util.buffer
    %1022 = "util.buffer.constant"() <{value = "w104_0"}> : () -> !util.buffer
    %1023 = "util.buffer.constant"() <{value = "w104_1"}> : () -> !util.buffer
    %1024 = "util.buffer.constant"() <{value = "w104_2"}> : () -> !util.buffer
    %1025 = "util.buffer.constant"() <{value = "b104"}> : () -> !util.buffer
    %1026 = "util.buffer.constant"() <{value = "w105_0"}> : () -> !util.buffer
    %1027 = "util.buffer.constant"() <{value = "w105_1"}> : () -> !util.buffer
    %1028 = "util.buffer.constant"() <{value = "w105_2"}> : () -> !util.buffer
    %1029 = "util.buffer.constant"() <{value = "b105"}> : () -> !util.buffer
    %1030 = "util.buffer.constant"() <{value = "w106_0"}> : () -> !util.buffer
    %1031 = "util.buffer.constant"() <{value = "w106_1"}> : () -> !util.buffer
    %1032 = "util.buffer.constant"() <{value = "w106_2"}> : () -> !util.buffer
    %1033 = "util.buffer.constant"() <{value = "b106"}> : () -> !util.buffer
    %1034 = "util.buffer.constant"() <{value = "w107_0"}> : () -> !util.buffer
    %1035 = "util.buffer.constant"() <{value = "w107_1"}> : () -> !util.buffer
    %1036 = "util.buffer.constant"() <{value = "w107_2"}> : () -> !util.buffer
    %1037 = "util.buffer.constant"() <{value = "b107"}> : () -> !util.buffer
    %1038 = "util.buffer.constant"() <{value = "w108_0"}> : () -> !util.buffer
    %1039 = "util.buffer.constant"() <{value = "w108_1"}> : () -> !util.buffer
    %1040 = "util.buffer.constant"() <{value = "w108_2"}> : () -> !util.buffer
    %1041 = "util.buffer.constant"() <{value = "b108"}> : () -> !util.buffer
    %1042 = "util.buffer.constant"() <{value = "w109_0"}> : () -> !util.buffer
    %1043 = "util.buffer.constant"() <{value = "w109_1"}> : () -> !util.buffer
    %1044 = "util.buffer.constant"() <{value = "w109_2"}> : () -> !util.buffer
    %1045 = "util.buffer.constant"() <{value = "b109"}> : () -> !util.buffer
    %1046 = "util.buffer.constant"() <{value = "w110_0"}> : () -> !util.buffer
    %1047 = "util.buffer.constant"() <{value = "w110_1"}> : () -> !util.buffer
    %1048 = "util.buffer.constant"() <{value = "w110_2"}> : () -> !util.buffer
    %1049 = "util.buffer.constant"() <{value = "b110"}> : () -> !util.buffer
    %1050 = "util.buffer.constant"() <{value = "w111_0"}> : () -> !util.buffer
    %1051 = "util.buffer.constant"() <{value = "w111_1"}> : () -> !util.buffer
    %1052 = "util.buffer.constant"() <{value = "w111_2"}> : () -> !util.buffer
    %1053 = "util.buffer.constant"() <{value = "b111"}> : () -> !util.buffer
    %1054 = "util.buffer.constant"() <{value = "w112_0"}> : () -> !util.buffer
    %1055 = "util.buffer.constant"() <{value = "w112_1"}> : () -> !util.buffer
    %1056 = "util.buffer.constant"() <{value = "w112_2"}> : () -> !util.buffer
    %1057 = "util.buffer.constant"() <{value = "b112"}> : () -> !util.buffer
    %1058 = "util.buffer.constant"() <{value = "w113_0"}> : () -> !util.buffer
    %1059 = "util.buffer.constant"() <{value = "w113_1"}> : () -> !util.buffer
    %1060 = "util.buffer.constant"() <{value = "w113_2"}> : () -> !util.buffer
    %1061 = "util.buffer.constant"() <{value = "b113"}> : () -> !util.buffer
    %1062 = "util.buffer.constant"() <{value = "w114_0"}> : () -> !util.buffer
    %1063 = "util.buffer.constant"() <{value = "w114_1"}> : () -> !util.buffer
    %1064 = "util.buffer.constant"() <{value = "w114_2"}> : () -> !util.buffer
    %1065 = "util.buffer.constant"() <{value = "b114"}> : () -> !util.buffer
    %1066 = "util.buffer.constant"() <{value = "w115_0"}> : () -> !util.buffer
    %1067 = "util.buffer.constant"() <{value = "w115_1"}> : () -> !util.buffer
    %1068 = "util.buffer.constant"() <{value = "w115_2"}> : () -> !util.buffer
    %1069 = "util.buffer.constant"() <{value = "b115"}> : () -> !util.buffer
    %1070 = "util.buffer.constant"() <{value = "w116_0"}> : () -> !util.buffer
    %1071 = "util.buffer.constant"() <{value = "w116_1"}> : () -> !util.buffer
    %1072 = "util.buffer.constant"() <{value = "w116_2"}> : () -> !util.buffer
    %1073 = "util.buffer.constant"() <{value = "b116"}> : () -> !util.buffer
    %1074 = "util.buffer.constant"() <{value = "w117_0"}> : () -> !util.buffer
    %1075 = "util.buffer.constant"() <{value = "w117_1"}> : () -> !util.buffer
    %1076 = "util.buffer.constant"() <{value = "w117_2"}> : () -> !util.buffer
    %1077 = "util.buffer.constant"() <{value = "b117"}> : () -> !util.buffer
    %1078 = "util.buffer.constant"() <{value = "w118_0"}> : () -> !util.buffer
    %1079 = "util.buffer.constant"() <{value = "w118_1"}> : () -> !util.buffer
    %1080 = "util.buffer.constant"() <{value = "w118_2"}> : () -> !util.buffer
    %1081 = "util.buffer.constant"() <{value = "b118"}> : () -> !util.buffer
    %1082 = "util.buffer.constant"() <{value = "w119_0"}> : () -> !util.buffer
    %1083 = "util.buffer.constant"() <{value = "w119_1"}> : () -> !util.buffer
    %1084 = "util.buffer.constant"() <{value = "w119_2"}> : () -> !util.buffer
    %1085 = "util.buffer.constant"() <{value = "b119"}> : () -> !util.buffer
    %1086 = "util.buffer.constant"() <{value = "w120_0"}> : () -> !util.buffer
    %1087 = "util.buffer.constant"() <{value = "w120_1"}> : () -> !util.buffer
    %1088 = "util.buffer.constant"() <{value = "w120_2"}> : () -> !util.buffer
    %1089 = "util.buffer.constant"() <{value = "b120"}> : () -> !util.buffer
    %1090 = "util.buffer.constant"() <{value = "w121_0"}> : () -> !util.buffer
    %1091 = "util.buffer.constant"() <{value = "w121_1"}> : () -> !util.buffer
    %1092 = "util.buffer.constant"() <{value = "w121_2"}> : () -> !util.buffer
    %1093 = "util.buffer.constant"() <{value = "b121"}> : () -> !util.buffer
    %1094 = "util.buffer.constant"() <{value = "w122_0"}> : () -> !util.buffer
    %1095 = "util.buffer.constant"() <{value = "w122_1"}> : () -> !util.buffer
    %1096 = "util.buffer.constant"() <{value = "w122_2"}> : () -> !util.buffer
    %1097 = "util.buffer.constant"() <{value = "b122"}> : () -> !util.buffer
    %1098 = "util.buffer.constant"() <{value = "w123_0"}> : () -> !util.buffer
    %1099 = "util.buffer.constant"() <{value = "w123_1"}> : () -> !util.buffer
    %1100 = "util.buffer.constant"() <{value = "w123_2"}> : () -> !util.buffer
    %1101 = "util.buffer.constant"() <{value = "b123"}> : () -> !util.buffer
    %1102 = "util.buffer.constant"() <{value = "w124_0"}> : () -> !util.buffer
    %1103 = "util.buffer.constant"() <{value = "w124_1"}> : () -> !util.buffer
    %1104 = "util.buffer.constant"() <{value = "w124_2"}> : () -> !util.buffer
    %1105 = "util.buffer.constant"() <{value = "b124"}> : () -> !util.buffer
    %1106 = "util.buffer.constant"() <{value = "w125_0"}> : () -> !util.buffer
    %1107 = "util.buffer.constant"() <{value = "w125_1"}> : () -> !util.buffer
    %1108 = "util.buffer.constant"() <{value = "w125_2"}> : () -> !util.buffer
    %1109 = "util.buffer.constant"() <{value = "b125"}> : () -> !util.buffer
    %1110 = "util.buffer.constant"() <{value = "w126_0"}> : () -> !util.buffer
    %1111 = "util.buffer.constant"() <{value = "w126_1"}> : () -> !util.buffer
    %1112 = "util.buffer.constant"() <{value = "w126_2"}> : () -> !util.buffer
    %1113 = "util.buffer.constant"() <{value = "b126"}> : () -> !util.buffer
    %1114 = "util.buffer.constant"() <{value = "w127_0"}> : () -> !util.buffer
    %1115 = "util.buffer.constant"() <{value = "w127_1"}> : () -> !util.buffer
    %1116 = "util.buffer.constant"() <{value = "w127_2"}> : () -> !util.buffer
    %1117 = "util.buffer.constant"() <{value = "b127"}> : () -> !util.buffer
    %1118 = "util.buffer.constant"() <{value = "w128_0"}> : () -> !util.buffer
    %1119 = "util.buffer.constant"() <{value = "w128_1"}> : () -> !util.buffer
    %1120 = "util.buffer.constant"() <{value = "w128_2"}> : () -> !util.buffer
    %1121 = "util.buffer.constant"() <{value = "b128"}> : () -> !util.buffer
    %1122 = "util.buffer.constant"() <{value = "w129_0"}> : () -> !util.buffer
    %1123 = "util.buffer.constant"() <{value = "w129_1"}> : () -> !util.buffer
    %1124 = "util.buffer.constant"() <{value = "w129_2"}> : () -> !util.buffer
    %1125 = "util.buffer.constant"() <{value = "b129"}> : () -> !util.buffer
    %1126 = "util.buffer.constant"() <{value = "w130_0"}> : () -> !util.buffer
    %1127 = "util.buffer.constant"() <{value = "w130_1"}> : () -> !util.buffer
    %1128 = "util.buffer.constant"() <{value = "w130_2"}> : () -> !util.buffer
    %1129 = "util.buffer.constant"() <{value = "b130"}> : () -> !util.buffer
    %1130 = "util.buffer.constant"() <{value = "w131_0"}> : () -> !util.buffer
    %1131 = "util.buffer.constant"() <{value = "w131_1"}> : () -> !util.buffer
    %1132 = "util.buffer.constant"() <{value = "w131_2"}> : () -> !util.buffer
    %1133 = "util.buffer.constant"() <{value = "b131"}> : () -> !util.buffer
    %1134 = "util.buffer.constant"() <{value = "w132_0"}> : () -> !util.buffer
    %1135 = "util.buffer.constant"() <{value = "w132_1"}> : () -> !util.buffer
    %1136 = "util.buffer.constant"() <{value = "w132_2"}> : () -> !util.buffer
    %1137 = "util.buffer.constant"() <{value = "b132"}> : () -> !util.buffer
    %1138 = "util.buffer.constant"() <{value = "model"}> : () -> !util.buffer
    %1139:533 = "stream.cmd.parameter.load"(%1138, %606, %607, %608, %609, %610, %611, %612, %613, %614, %615, %616, %617, %618, %619, %620, %621, %622, %623, %624, %625, %626, %627, %628, %629, %630, %631, %632, %633, %634, %635, %636, %637, %638, %639, %640, %641, %642, %643, %644, %645, %646, %647, %648, %649, %650, %651, %652, %653, %654, %655, %656, %657, %658, %659, %660, %661, %662, %663, %664, %665, %666, %667, %668, %669, %670, %671, %672, %673, %674, %675, %676, %677, %678, %679, %680, %681, %682, %683, %684, %685, %686, %687, %688, %689, %690, %691, %692, %693, %694, %695, %696, %697, %698, %699, %700, %701, %702, %703, %704, %705, %706, %707, %708, %709, %710, %711, %712, %713, %714, %715, %716, %717, %718, %719, %720, %721, %722, %723, %724, %725, %726, %727, %728, %729, %730, %731, %732, %733, %734, %735, %736, %737, %738, %739, %740, %741, %742, %743, %744, %745, %746, %747, %748, %749, %750, %751, %752, %753, %754, %755, %756, %757, %758, %759, %760, %761, %762, %763, %764, %765, %766, %767, %768, %769, %770, %771, %772, %773, %774, %775, %776, %777, %778, %779, %780, %781, %782, %783, %784, %785, %786, %787, %788, %789, %790, %791, %792, %793, %794, %795, %796, %797, %798, %799, %800, %801, %802, %803, %804, %805, %806, %807, %808, %809, %810, %811, %812, %813, %814, %815, %816, %817, %818, %819, %820, %821, %822, %823, %824, %825, %826, %827, %828, %829, %830, %831, %832, %833, %834, %835, %836, %837, %838, %839, %840, %841, %842, %843, %844, %845, %846, %847, %848, %849, %850, %851, %852, %853, %854, %855, %856, %857, %858, %859, %860, %861, %862, %863, %864, %865, %866, %867, %868, %869, %870, %871, %872, %873, %874, %875, %876, %877, %878, %879, %880, %881, %882, %883, %884, %885, %886, %887, %888, %889, %890, %891, %892, %893, %894, %895, %896, %897, %898, %899, %900, %901, %902, %903, %904, %905, %906, %907, %908, %909, %910, %911, %912, %913, %914, %915, %916, %917, %918, %919, %920, %921, %922, %923, %924, %925, %926, %927, %928, %929, %930, %931, %932, %933, %934, %935, %936, %937, %938, %939, %940, %941, %942, %943, %944, %945, %946, %947, %948, %949, %950, %951, %952, %953, %954, %955, %956, %957, %958, %959, %960, %961, %962, %963, %964, %965, %966, %967, %968, %969, %970, %971, %972, %973, %974, %975, %976, %977, %978, %979, %980, %981, %982, %983, %984, %985, %986, %987, %988, %989, %990, %991, %992, %993, %994, %995, %996, %997, %998, %999, %1000, %1001, %1002, %1003, %1004, %1005, %1006, %1007, %1008, %1009, %1010, %1011, %1012, %1013, %1014, %1015, %1016, %1017, %1018, %1019, %1020, %1021, %1022, %1023, %1024, %1025, %1026, %1027, %1028, %1029, %1030, %1031, %1032, %1033, %1034, %1035, %1036, %1037, %1038, %1039, %1040, %1041, %1042, %1043, %1044, %1045, %1046, %1047, %1048, %1049, %1050, %1051, %1052, %1053, %1054, %1055, %1056, %1057, %1058, %1059, %1060, %1061, %1062, %1063, %1064, %1065, %1066, %1067, %1068, %1069, %1070, %1071, %1072, %1073, %1074, %1075, %1076, %1077, %1078, %1079, %1080, %1081, %1082, %1083, %1084, %1085, %1086, %1087, %1088, %1089, %1090, %1091, %1092, %1093, %1094, %1095, %1096, %1097, %1098, %1099, %1100, %1101, %1102, %1103, %1104, %1105, %1106, %1107, %1108, %1109, %1110, %1111, %1112, %1113, %1114, %1115, %1116, %1117, %1118, %1119, %1120, %1121, %1122, %1123, %1124, %1125, %1126, %1127, %1128, %1129, %1130, %1131, %1132, %1133, %1134, %1135, %1136, %1137, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %605, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603, %604, %604, %604, %603) <{affinity = #hal.device.affinity<@__device_0>, operandSegmentSizes = array<i32: 1, 532, 532, 532, 0>}> : (!util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, !util.buffer, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint)
    %1140:532 = "stream.timepoint.await"(%1139#3, %1139#7, %1139#43, %1139#403, %1139#407, %1139#411, %1139#415, %1139#419, %1139#423, %1139#427, %1139#431, %1139#435, %1139#439, %1139#443, %1139#447, %1139#451, %1139#455, %1139#459, %1139#463, %1139#467, %1139#471, %1139#475, %1139#479, %1139#483, %1139#487, %1139#491, %1139#495, %1139#499, %1139#503, %1139#507, %1139#511, %1139#515, %1139#519, %1139#523, %1139#527, %1139#531, %1139#528, %1139#529, %1139#530, %1139#524, %1139#525, %1139#526, %1139#520, %1139#521, %1139#522, %1139#516, %1139#517, %1139#518, %1139#512, %1139#513, %1139#514, %1139#508, %1139#509, %1139#510, %1139#504, %1139#505, %1139#506, %1139#500, %1139#501, %1139#502, %1139#496, %1139#497, %1139#498, %1139#492, %1139#493, %1139#494, %1139#488, %1139#489, %1139#490, %1139#484, %1139#485, %1139#486, %1139#480, %1139#481, %1139#482, %1139#476, %1139#477, %1139#478, %1139#472, %1139#473, %1139#474, %1139#468, %1139#469, %1139#470, %1139#464, %1139#465, %1139#466, %1139#460, %1139#461, %1139#462, %1139#456, %1139#457, %1139#458, %1139#452, %1139#453, %1139#454, %1139#448, %1139#449, %1139#450, %1139#444, %1139#445, %1139#446, %1139#440, %1139#441, %1139#442, %1139#436, %1139#437, %1139#438, %1139#432, %1139#433, %1139#434, %1139#428, %1139#429, %1139#430, %1139#424, %1139#425, %1139#426, %1139#420, %1139#421, %1139#422, %1139#416, %1139#417, %1139#418, %1139#412, %1139#413, %1139#414, %1139#408, %1139#409, %1139#410, %1139#404, %1139#405, %1139#406, %1139#47, %1139#51, %1139#55, %1139#59, %1139#63, %1139#67, %1139#71, %1139#75, %1139#79, %1139#83, %1139#87, %1139#91, %1139#95, %1139#99, %1139#103, %1139#107, %1139#111, %1139#115, %1139#119, %1139#123, %1139#127, %1139#131, %1139#135, %1139#139, %1139#143, %1139#147, %1139#151, %1139#155, %1139#159, %1139#163, %1139#167, %1139#171, %1139#175, %1139#179, %1139#183, %1139#187, %1139#191, %1139#195, %1139#199, %1139#203, %1139#207, %1139#211, %1139#215, %1139#219, %1139#223, %1139#227, %1139#231, %1139#235, %1139#239, %1139#243, %1139#247, %1139#251, %1139#255, %1139#259, %1139#263, %1139#267, %1139#271, %1139#275, %1139#279, %1139#283, %1139#287, %1139#291, %1139#295, %1139#299, %1139#303, %1139#307, %1139#311, %1139#315, %1139#319, %1139#323, %1139#327, %1139#331, %1139#335, %1139#339, %1139#343, %1139#347, %1139#351, %1139#355, %1139#359, %1139#363, %1139#367, %1139#371, %1139#375, %1139#379, %1139#383, %1139#387, %1139#391, %1139#395, %1139#399, %1139#400, %1139#401, %1139#402, %1139#396, %1139#397, %1139#398, %1139#392, %1139#393, %1139#394, %1139#388, %1139#389, %1139#390, %1139#384, %1139#385, %1139#386, %1139#380, %1139#381, %1139#382, %1139#376, %1139#377, %1139#378, %1139#372, %1139#373, %1139#374, %1139#368, %1139#369, %1139#370, %1139#364, %1139#365, %1139#366, %1139#360, %1139#361, %1139#362, %1139#356, %1139#357, %1139#358, %1139#352, %1139#353, %1139#354, %1139#348, %1139#349, %1139#350, %1139#344, %1139#345, %1139#346, %1139#340, %1139#341, %1139#342, %1139#336, %1139#337, %1139#338, %1139#332, %1139#333, %1139#334, %1139#328, %1139#329, %1139#330, %1139#324, %1139#325, %1139#326, %1139#320, %1139#321, %1139#322, %1139#316, %1139#317, %1139#318, %1139#312, %1139#313, %1139#314, %1139#308, %1139#309, %1139#310, %1139#304, %1139#305, %1139#306, %1139#300, %1139#301, %1139#302, %1139#296, %1139#297, %1139#298, %1139#292, %1139#293, %1139#294, %1139#288, %1139#289, %1139#290, %1139#284, %1139#285, %1139#286, %1139#280, %1139#281, %1139#282, %1139#276, %1139#277, %1139#278, %1139#272, %1139#273, %1139#274, %1139#268, %1139#269, %1139#270, %1139#264, %1139#265, %1139#266, %1139#260, %1139#261, %1139#262, %1139#256, %1139#257, %1139#258, %1139#252, %1139#253, %1139#254, %1139#248, %1139#249, %1139#250, %1139#244, %1139#245, %1139#246, %1139#240, %1139#241, %1139#242, %1139#236, %1139#237, %1139#238, %1139#232, %1139#233, %1139#234, %1139#228, %1139#229, %1139#230, %1139#224, %1139#225, %1139#226, %1139#220, %1139#221, %1139#222, %1139#216, %1139#217, %1139#218, %1139#212, %1139#213, %1139#214, %1139#208, %1139#209, %1139#210, %1139#204, %1139#205, %1139#206, %1139#200, %1139#201, %1139#202, %1139#196, %1139#197, %1139#198, %1139#192, %1139#193, %1139#194, %1139#188, %1139#189, %1139#190, %1139#184, %1139#185, %1139#186, %1139#180, %1139#181, %1139#182, %1139#176, %1139#177, %1139#178, %1139#172, %1139#173, %1139#174, %1139#168, %1139#169, %1139#170, %1139#164, %1139#165, %1139#166, %1139#160, %1139#161, %1139#162, %1139#156, %1139#157, %1139#158, %1139#152, %1139#153, %1139#154, %1139#148, %1139#149, %1139#150, %1139#144, %1139#145, %1139#146, %1139#140, %1139#141, %1139#142, %1139#136, %1139#137, %1139#138, %1139#132, %1139#133, %1139#134, %1139#128, %1139#129, %1139#130, %1139#124, %1139#125, %1139#126, %1139#120, %1139#121, %1139#122, %1139#116, %1139#117, %1139#118, %1139#112, %1139#113, %1139#114, %1139#108, %1139#109, %1139#110, %1139#104, %1139#105, %1139#106, %1139#100, %1139#101, %1139#102, %1139#96, %1139#97, %1139#98, %1139#92, %1139#93, %1139#94, %1139#88, %1139#89, %1139#90, %1139#84, %1139#85, %1139#86, %1139#80, %1139#81, %1139#82, %1139#76, %1139#77, %1139#78, %1139#72, %1139#73, %1139#74, %1139#68, %1139#69, %1139#70, %1139#64, %1139#65, %1139#66, %1139#60, %1139#61, %1139#62, %1139#56, %1139#57, %1139#58, %1139#52, %1139#53, %1139#54, %1139#48, %1139#49, %1139#50, %1139#44, %1139#45, %1139#46, %1139#11, %1139#15, %1139#19, %1139#23, %1139#27, %1139#31, %1139#35, %1139#39, %1139#40, %1139#41, %1139#42, %1139#36, %1139#37, %1139#38, %1139#32, %1139#33, %1139#34, %1139#28, %1139#29, %1139#30, %1139#24, %1139#25, %1139#26, %1139#20, %1139#21, %1139#22, %1139#16, %1139#17, %1139#18, %1139#12, %1139#13, %1139#14, %1139#8, %1139#9, %1139#10, %1139#4, %1139#5, %1139#6, %1139#0, %1139#1, %1139#2, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %603, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %603, %603, %603, %603, %603, %603, %603, %603, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %604, %1139#532) <{operandSegmentSizes = array<i32: 532, 532, 1>, sync}> : (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, !stream.timepoint) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>)
    "util.global.store"(%1140#0) <{global = @b0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#1) <{global = @b1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#2) <{global = @b10}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#3) <{global = @b100}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#4) <{global = @b101}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#5) <{global = @b102}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#6) <{global = @b103}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#7) <{global = @b104}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#8) <{global = @b105}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#9) <{global = @b106}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#10) <{global = @b107}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#11) <{global = @b108}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#12) <{global = @b109}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#132) <{global = @b11}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#13) <{global = @b110}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#14) <{global = @b111}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#15) <{global = @b112}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#16) <{global = @b113}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#17) <{global = @b114}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#18) <{global = @b115}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#19) <{global = @b116}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#20) <{global = @b117}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#21) <{global = @b118}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#22) <{global = @b119}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#133) <{global = @b12}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#23) <{global = @b120}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#24) <{global = @b121}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#25) <{global = @b122}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#26) <{global = @b123}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#27) <{global = @b124}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#28) <{global = @b125}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#29) <{global = @b126}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#30) <{global = @b127}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#31) <{global = @b128}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#32) <{global = @b129}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#134) <{global = @b13}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#33) <{global = @b130}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#34) <{global = @b131}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#35) <{global = @b132}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#135) <{global = @b14}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#136) <{global = @b15}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#137) <{global = @b16}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#138) <{global = @b17}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#139) <{global = @b18}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#140) <{global = @b19}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#491) <{global = @b2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#141) <{global = @b20}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#142) <{global = @b21}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#143) <{global = @b22}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#144) <{global = @b23}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#145) <{global = @b24}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#146) <{global = @b25}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#147) <{global = @b26}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#148) <{global = @b27}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#149) <{global = @b28}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#150) <{global = @b29}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#492) <{global = @b3}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#151) <{global = @b30}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#152) <{global = @b31}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#153) <{global = @b32}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#154) <{global = @b33}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#155) <{global = @b34}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#156) <{global = @b35}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#157) <{global = @b36}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#158) <{global = @b37}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#159) <{global = @b38}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#160) <{global = @b39}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#493) <{global = @b4}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#161) <{global = @b40}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#162) <{global = @b41}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#163) <{global = @b42}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#164) <{global = @b43}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#165) <{global = @b44}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#166) <{global = @b45}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#167) <{global = @b46}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#168) <{global = @b47}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#169) <{global = @b48}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#170) <{global = @b49}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#494) <{global = @b5}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#171) <{global = @b50}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#172) <{global = @b51}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#173) <{global = @b52}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#174) <{global = @b53}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#175) <{global = @b54}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#176) <{global = @b55}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#177) <{global = @b56}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#178) <{global = @b57}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#179) <{global = @b58}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#180) <{global = @b59}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#495) <{global = @b6}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#181) <{global = @b60}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#182) <{global = @b61}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#183) <{global = @b62}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#184) <{global = @b63}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#185) <{global = @b64}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#186) <{global = @b65}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#187) <{global = @b66}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#188) <{global = @b67}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#189) <{global = @b68}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#190) <{global = @b69}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#496) <{global = @b7}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#191) <{global = @b70}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#192) <{global = @b71}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#193) <{global = @b72}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#194) <{global = @b73}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#195) <{global = @b74}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#196) <{global = @b75}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#197) <{global = @b76}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#198) <{global = @b77}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#199) <{global = @b78}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#200) <{global = @b79}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#497) <{global = @b8}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#201) <{global = @b80}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#202) <{global = @b81}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#203) <{global = @b82}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#204) <{global = @b83}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#205) <{global = @b84}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#206) <{global = @b85}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#207) <{global = @b86}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#208) <{global = @b87}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#209) <{global = @b88}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#210) <{global = @b89}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#498) <{global = @b9}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#211) <{global = @b90}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#212) <{global = @b91}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#213) <{global = @b92}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#214) <{global = @b93}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#215) <{global = @b94}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#216) <{global = @b95}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#217) <{global = @b96}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#218) <{global = @b97}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#219) <{global = @b98}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#220) <{global = @b99}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#529) <{global = @w0_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#530) <{global = @w0_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#531) <{global = @w0_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#221) <{global = @w100_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#222) <{global = @w100_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#223) <{global = @w100_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#129) <{global = @w101_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#130) <{global = @w101_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#131) <{global = @w101_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#126) <{global = @w102_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#127) <{global = @w102_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#128) <{global = @w102_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#123) <{global = @w103_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#124) <{global = @w103_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#125) <{global = @w103_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#120) <{global = @w104_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#121) <{global = @w104_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#122) <{global = @w104_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#117) <{global = @w105_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#118) <{global = @w105_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#119) <{global = @w105_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#114) <{global = @w106_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#115) <{global = @w106_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#116) <{global = @w106_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#111) <{global = @w107_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#112) <{global = @w107_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#113) <{global = @w107_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#108) <{global = @w108_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#109) <{global = @w108_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#110) <{global = @w108_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#105) <{global = @w109_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#106) <{global = @w109_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#107) <{global = @w109_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#499) <{global = @w10_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#500) <{global = @w10_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#501) <{global = @w10_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#102) <{global = @w110_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#103) <{global = @w110_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#104) <{global = @w110_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#99) <{global = @w111_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#100) <{global = @w111_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#101) <{global = @w111_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#96) <{global = @w112_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#97) <{global = @w112_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#98) <{global = @w112_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#93) <{global = @w113_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#94) <{global = @w113_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#95) <{global = @w113_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#90) <{global = @w114_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#91) <{global = @w114_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#92) <{global = @w114_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#87) <{global = @w115_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#88) <{global = @w115_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#89) <{global = @w115_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#84) <{global = @w116_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#85) <{global = @w116_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#86) <{global = @w116_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#81) <{global = @w117_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#82) <{global = @w117_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#83) <{global = @w117_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#78) <{global = @w118_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#79) <{global = @w118_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#80) <{global = @w118_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#75) <{global = @w119_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#76) <{global = @w119_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#77) <{global = @w119_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#488) <{global = @w11_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#489) <{global = @w11_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#490) <{global = @w11_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#72) <{global = @w120_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#73) <{global = @w120_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#74) <{global = @w120_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#69) <{global = @w121_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#70) <{global = @w121_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#71) <{global = @w121_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#66) <{global = @w122_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#67) <{global = @w122_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#68) <{global = @w122_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#63) <{global = @w123_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#64) <{global = @w123_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#65) <{global = @w123_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#60) <{global = @w124_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#61) <{global = @w124_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#62) <{global = @w124_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#57) <{global = @w125_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#58) <{global = @w125_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#59) <{global = @w125_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#54) <{global = @w126_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#55) <{global = @w126_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#56) <{global = @w126_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#51) <{global = @w127_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#52) <{global = @w127_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#53) <{global = @w127_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#48) <{global = @w128_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#49) <{global = @w128_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#50) <{global = @w128_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#45) <{global = @w129_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#46) <{global = @w129_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#47) <{global = @w129_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#485) <{global = @w12_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#486) <{global = @w12_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#487) <{global = @w12_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#42) <{global = @w130_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#43) <{global = @w130_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#44) <{global = @w130_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#39) <{global = @w131_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#40) <{global = @w131_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#41) <{global = @w131_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#36) <{global = @w132_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#37) <{global = @w132_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#38) <{global = @w132_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#482) <{global = @w13_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#483) <{global = @w13_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#484) <{global = @w13_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#479) <{global = @w14_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#480) <{global = @w14_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#481) <{global = @w14_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#476) <{global = @w15_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#477) <{global = @w15_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#478) <{global = @w15_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#473) <{global = @w16_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#474) <{global = @w16_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#475) <{global = @w16_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#470) <{global = @w17_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#471) <{global = @w17_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#472) <{global = @w17_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#467) <{global = @w18_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#468) <{global = @w18_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#469) <{global = @w18_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#464) <{global = @w19_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#465) <{global = @w19_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#466) <{global = @w19_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#526) <{global = @w1_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#527) <{global = @w1_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#528) <{global = @w1_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#461) <{global = @w20_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#462) <{global = @w20_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#463) <{global = @w20_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#458) <{global = @w21_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#459) <{global = @w21_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#460) <{global = @w21_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#455) <{global = @w22_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#456) <{global = @w22_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#457) <{global = @w22_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#452) <{global = @w23_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#453) <{global = @w23_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#454) <{global = @w23_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#449) <{global = @w24_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#450) <{global = @w24_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#451) <{global = @w24_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#446) <{global = @w25_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#447) <{global = @w25_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#448) <{global = @w25_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#443) <{global = @w26_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#444) <{global = @w26_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#445) <{global = @w26_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#440) <{global = @w27_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#441) <{global = @w27_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#442) <{global = @w27_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#437) <{global = @w28_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#438) <{global = @w28_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#439) <{global = @w28_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#434) <{global = @w29_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#435) <{global = @w29_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#436) <{global = @w29_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#523) <{global = @w2_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#524) <{global = @w2_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#525) <{global = @w2_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#431) <{global = @w30_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#432) <{global = @w30_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#433) <{global = @w30_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#428) <{global = @w31_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#429) <{global = @w31_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#430) <{global = @w31_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#425) <{global = @w32_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#426) <{global = @w32_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#427) <{global = @w32_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#422) <{global = @w33_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#423) <{global = @w33_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#424) <{global = @w33_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#419) <{global = @w34_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#420) <{global = @w34_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#421) <{global = @w34_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#416) <{global = @w35_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#417) <{global = @w35_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#418) <{global = @w35_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#413) <{global = @w36_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#414) <{global = @w36_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#415) <{global = @w36_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#410) <{global = @w37_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#411) <{global = @w37_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#412) <{global = @w37_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#407) <{global = @w38_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#408) <{global = @w38_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#409) <{global = @w38_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#404) <{global = @w39_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#405) <{global = @w39_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#406) <{global = @w39_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#520) <{global = @w3_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#521) <{global = @w3_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#522) <{global = @w3_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#401) <{global = @w40_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#402) <{global = @w40_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#403) <{global = @w40_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#398) <{global = @w41_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#399) <{global = @w41_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#400) <{global = @w41_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#395) <{global = @w42_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#396) <{global = @w42_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#397) <{global = @w42_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#392) <{global = @w43_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#393) <{global = @w43_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#394) <{global = @w43_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#389) <{global = @w44_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#390) <{global = @w44_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#391) <{global = @w44_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#386) <{global = @w45_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#387) <{global = @w45_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#388) <{global = @w45_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#383) <{global = @w46_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#384) <{global = @w46_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#385) <{global = @w46_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#380) <{global = @w47_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#381) <{global = @w47_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#382) <{global = @w47_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#377) <{global = @w48_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#378) <{global = @w48_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#379) <{global = @w48_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#374) <{global = @w49_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#375) <{global = @w49_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#376) <{global = @w49_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#517) <{global = @w4_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#518) <{global = @w4_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#519) <{global = @w4_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#371) <{global = @w50_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#372) <{global = @w50_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#373) <{global = @w50_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#368) <{global = @w51_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#369) <{global = @w51_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#370) <{global = @w51_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#365) <{global = @w52_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#366) <{global = @w52_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#367) <{global = @w52_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#362) <{global = @w53_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#363) <{global = @w53_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#364) <{global = @w53_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#359) <{global = @w54_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#360) <{global = @w54_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#361) <{global = @w54_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#356) <{global = @w55_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#357) <{global = @w55_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#358) <{global = @w55_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#353) <{global = @w56_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#354) <{global = @w56_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#355) <{global = @w56_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#350) <{global = @w57_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#351) <{global = @w57_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#352) <{global = @w57_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#347) <{global = @w58_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#348) <{global = @w58_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#349) <{global = @w58_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#344) <{global = @w59_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#345) <{global = @w59_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#346) <{global = @w59_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#514) <{global = @w5_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#515) <{global = @w5_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#516) <{global = @w5_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#341) <{global = @w60_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#342) <{global = @w60_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#343) <{global = @w60_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#338) <{global = @w61_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#339) <{global = @w61_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#340) <{global = @w61_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#335) <{global = @w62_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#336) <{global = @w62_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#337) <{global = @w62_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#332) <{global = @w63_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#333) <{global = @w63_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#334) <{global = @w63_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#329) <{global = @w64_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#330) <{global = @w64_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#331) <{global = @w64_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#326) <{global = @w65_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#327) <{global = @w65_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#328) <{global = @w65_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#323) <{global = @w66_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#324) <{global = @w66_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#325) <{global = @w66_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#320) <{global = @w67_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#321) <{global = @w67_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#322) <{global = @w67_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#317) <{global = @w68_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#318) <{global = @w68_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#319) <{global = @w68_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#314) <{global = @w69_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#315) <{global = @w69_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#316) <{global = @w69_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#511) <{global = @w6_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#512) <{global = @w6_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#513) <{global = @w6_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#311) <{global = @w70_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#312) <{global = @w70_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#313) <{global = @w70_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#308) <{global = @w71_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#309) <{global = @w71_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#310) <{global = @w71_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#305) <{global = @w72_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#306) <{global = @w72_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#307) <{global = @w72_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#302) <{global = @w73_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#303) <{global = @w73_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#304) <{global = @w73_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#299) <{global = @w74_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#300) <{global = @w74_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#301) <{global = @w74_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#296) <{global = @w75_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#297) <{global = @w75_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#298) <{global = @w75_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#293) <{global = @w76_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#294) <{global = @w76_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#295) <{global = @w76_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#290) <{global = @w77_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#291) <{global = @w77_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#292) <{global = @w77_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#287) <{global = @w78_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#288) <{global = @w78_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#289) <{global = @w78_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#284) <{global = @w79_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#285) <{global = @w79_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#286) <{global = @w79_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#508) <{global = @w7_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#509) <{global = @w7_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#510) <{global = @w7_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#281) <{global = @w80_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#282) <{global = @w80_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#283) <{global = @w80_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#278) <{global = @w81_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#279) <{global = @w81_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#280) <{global = @w81_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#275) <{global = @w82_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#276) <{global = @w82_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#277) <{global = @w82_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#272) <{global = @w83_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#273) <{global = @w83_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#274) <{global = @w83_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#269) <{global = @w84_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#270) <{global = @w84_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#271) <{global = @w84_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#266) <{global = @w85_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#267) <{global = @w85_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#268) <{global = @w85_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#263) <{global = @w86_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#264) <{global = @w86_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#265) <{global = @w86_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#260) <{global = @w87_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#261) <{global = @w87_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#262) <{global = @w87_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#257) <{global = @w88_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#258) <{global = @w88_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#259) <{global = @w88_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#254) <{global = @w89_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#255) <{global = @w89_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#256) <{global = @w89_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#505) <{global = @w8_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#506) <{global = @w8_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#507) <{global = @w8_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#251) <{global = @w90_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#252) <{global = @w90_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#253) <{global = @w90_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#248) <{global = @w91_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#249) <{global = @w91_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#250) <{global = @w91_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#245) <{global = @w92_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#246) <{global = @w92_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#247) <{global = @w92_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#242) <{global = @w93_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#243) <{global = @w93_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#244) <{global = @w93_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#239) <{global = @w94_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#240) <{global = @w94_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#241) <{global = @w94_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#236) <{global = @w95_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#237) <{global = @w95_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#238) <{global = @w95_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#233) <{global = @w96_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#234) <{global = @w96_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#235) <{global = @w96_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#230) <{global = @w97_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#231) <{global = @w97_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#232) <{global = @w97_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#227) <{global = @w98_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#228) <{global = @w98_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#229) <{global = @w98_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#224) <{global = @w99_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#225) <{global = @w99_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#226) <{global = @w99_2}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#502) <{global = @w9_0}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#503) <{global = @w9_1}> : (!stream.resource<constant>) -> ()
    "util.global.store"(%1140#504) <{global = @w9_2}> : (!stream.resource<constant>) -> ()
    "util.return"() : () -> ()
  }) : () -> ()
  "stream.executable"() <{sym_name = "main_dispatch_0", sym_visibility = "private"}> ({
    "stream.executable.export"() <{function_ref = @main_dispatch_0_matmul_8x32x32_f32, sym_name = "main_dispatch_0_matmul_8x32x32_f32", sym_visibility = "public"}> ({
      %602:3 = "iree_tensor_ext.dispatch.workgroup_count_from_slice"() : () -> (index, index, index)
      "stream.return"(%602#0, %602#1, %602#2) : (index, index, index) -> ()
    }) : () -> ()
    "builtin.module"() ({
      "func.func"() <{arg_attrs = [{stream.alignment = 64 : index}, {stream.alignment = 64 : index}, {stream.alignment = 64 : index}, {}, {}], function_type = (!stream.binding, !stream.binding, !stream.binding, i32, i32) -> (), sym_name = "main_dispatch_0_matmul_8x32x32_f32"}> ({
      ^bb0(%arg554: !stream.binding, %arg555: !stream.binding, %arg556: !stream.binding, %arg557: i32, %arg558: i32):
        %587 = "arith.constant"() <{value = 0 : index}> : () -> index
        %588 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
        %589 = "arith.index_castui"(%arg557) : (i32) -> index
        %590 = "arith.index_castui"(%arg558) : (i32) -> index
        %591:2 = "util.assume.int"(%589, %590) <{assumptions = [[#util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>], [#util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>, #util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 1024, umax = 1024, udiv = 1024>]]}> : (index, index) -> (index, index)
        %592 = "stream.binding.subspan"(%arg554, %591#0) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32xf32>>
        %593 = "stream.binding.subspan"(%arg555, %587) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x32xf32>>
        %594 = "stream.binding.subspan"(%arg556, %591#1) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32xf32>>
        %595 = "iree_tensor_ext.dispatch.tensor.load"(%592) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 32>, static_strides = array<i64: 1, 1>}> : (!iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32xf32>>) -> tensor<8x32xf32>
        %596 = "iree_tensor_ext.dispatch.tensor.load"(%593) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 32, 32>, static_strides = array<i64: 1, 1>}> : (!iree_tensor_ext.dispatch.tensor<readonly:tensor<32x32xf32>>) -> tensor<32x32xf32>
        %597 = "tensor.empty"() : () -> tensor<8x32xf32>
        %598 = "linalg.fill"(%588, %597) <{operandSegmentSizes = array<i32: 1, 1>}> ({
        ^bb0(%arg562: f32, %arg563: f32):
          "linalg.yield"(%arg562) : (f32) -> ()
        }) : (f32, tensor<8x32xf32>) -> tensor<8x32xf32>
        %599 = "linalg.matmul"(%595, %596, %598) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
        ^bb0(%arg559: f32, %arg560: f32, %arg561: f32):
          %600 = "arith.mulf"(%arg559, %arg560) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          %601 = "arith.addf"(%arg561, %600) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          "linalg.yield"(%601) : (f32) -> ()
        }) : (tensor<8x32xf32>, tensor<32x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
        "iree_tensor_ext.dispatch.tensor.store"(%599, %594) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 32>, static_strides = array<i64: 1, 1>}> : (tensor<8x32xf32>, !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32xf32>>) -> ()
        "func.return"() : () -> ()
      }) : () -> ()
    }) : () -> ()
    "stream.executable.end"() : () -> ()
  }) : () -> ()
  "stream.executable"() <{sym_name = "main_dispatch_2", sym_visibility = "private"}> ({
    "stream.executable.export"() <{function_ref = @main_dispatch_2_matmul_8x32x32_f32, sym_name = "main_dispatch_2_matmul_8x32x32_f32", sym_visibility = "public"}> ({
      %586:3 = "iree_tensor_ext.dispatch.workgroup_count_from_slice"() : () -> (index, index, index)
      "stream.return"(%586#0, %586#1, %586#2) : (index, index, index) -> ()
    }) : () -> ()
    "builtin.module"() ({
      "func.func"() <{arg_attrs = [{stream.alignment = 64 : index}, {stream.alignment = 64 : index}, {stream.alignment = 64 : index}, {stream.alignment = 64 : index}, {stream.alignment = 64 : index}, {}, {}], function_type = (!stream.binding, !stream.binding, !stream.binding, !stream.binding, !stream.binding, i32, i32) -> (), sym_name = "main_dispatch_2_matmul_8x32x32_f32"}> ({
      ^bb0(%arg536: !stream.binding, %arg537: !stream.binding, %arg538: !stream.binding, %arg539: !stream.binding, %arg540: !stream.binding, %arg541: i32, %arg542: i32):
        %552 = "arith.constant"() <{value = 1024 : index}> : () -> index
        %553 = "arith.constant"() <{value = 0 : index}> : () -> index
        %554 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
        %555 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
        %556 = "arith.index_castui"(%arg541) : (i32) -> index
        %557 = "arith.index_castui"(%arg542) : (i32) -> index
        %558:2 = "util.assume.int"(%556, %557) <{assumptions = [[#util.int.assumption<umin = 0, umax = 0>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>], [#util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 2048, umax = 2048, udiv = 2048>, #util.int.assumption<umin = 3072, umax = 3072, udiv = 3072>, #util.int.assumption<umin = 0, umax = 0>]]}> : (index, index) -> (index, index)
        %559 = "stream.binding.subspan"(%arg536, %558#0) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32xf32>>
        %560 = "stream.binding.subspan"(%arg537, %553) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x32xf32>>
        %561 = "stream.binding.subspan"(%arg538, %553) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32xf32>>
        %562 = "stream.binding.subspan"(%arg538, %552) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32xf32>>
        %563 = "stream.binding.subspan"(%arg539, %553) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xf32>>
        %564 = "stream.binding.subspan"(%arg540, %558#1) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32xf32>>
        %565 = "iree_tensor_ext.dispatch.tensor.load"(%559) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 32>, static_strides = array<i64: 1, 1>}> : (!iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32xf32>>) -> tensor<8x32xf32>
        %566 = "iree_tensor_ext.dispatch.tensor.load"(%560) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 32, 32>, static_strides = array<i64: 1, 1>}> : (!iree_tensor_ext.dispatch.tensor<readonly:tensor<32x32xf32>>) -> tensor<32x32xf32>
        %567 = "iree_tensor_ext.dispatch.tensor.load"(%561) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 32>, static_strides = array<i64: 1, 1>}> : (!iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32xf32>>) -> tensor<8x32xf32>
        %568 = "iree_tensor_ext.dispatch.tensor.load"(%562) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 32>, static_strides = array<i64: 1, 1>}> : (!iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32xf32>>) -> tensor<8x32xf32>
        %569 = "iree_tensor_ext.dispatch.tensor.load"(%563) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 32>, static_strides = array<i64: 1>}> : (!iree_tensor_ext.dispatch.tensor<readonly:tensor<32xf32>>) -> tensor<32xf32>
        %570 = "tensor.empty"() : () -> tensor<8x32xf32>
        %571 = "linalg.fill"(%555, %570) <{operandSegmentSizes = array<i32: 1, 1>}> ({
        ^bb0(%arg552: f32, %arg553: f32):
          "linalg.yield"(%arg552) : (f32) -> ()
        }) : (f32, tensor<8x32xf32>) -> tensor<8x32xf32>
        %572 = "linalg.matmul"(%565, %566, %571) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
        ^bb0(%arg549: f32, %arg550: f32, %arg551: f32):
          %584 = "arith.mulf"(%arg549, %arg550) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          %585 = "arith.addf"(%arg551, %584) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          "linalg.yield"(%585) : (f32) -> ()
        }) : (tensor<8x32xf32>, tensor<32x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
        %573 = "linalg.generic"(%565, %572, %567, %568, %569, %570) <{indexing_maps = [#map3, #map3, #map3, #map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 5, 1>}> ({
        ^bb0(%arg543: f32, %arg544: f32, %arg545: f32, %arg546: f32, %arg547: f32, %arg548: f32):
          %574 = "arith.negf"(%arg546) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
          %575 = "math.exp"(%574) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
          %576 = "arith.addf"(%575, %554) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          %577 = "arith.divf"(%554, %576) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          %578 = "math.tanh"(%arg545) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
          %579 = "arith.maximumf"(%arg544, %555) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          %580 = "arith.addf"(%arg543, %579) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          %581 = "arith.addf"(%580, %578) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          %582 = "arith.addf"(%581, %577) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          %583 = "arith.addf"(%582, %arg547) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
          "linalg.yield"(%583) : (f32) -> ()
        }) : (tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>, tensor<32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
        "iree_tensor_ext.dispatch.tensor.store"(%573, %564) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 32>, static_strides = array<i64: 1, 1>}> : (tensor<8x32xf32>, !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32xf32>>) -> ()
        "func.return"() : () -> ()
      }) : () -> ()
    }) : () -> ()
    "stream.executable.end"() : () -> ()
  }) : () -> ()
  "util.func"() <{function_type = (!hal.buffer_view) -> !hal.buffer_view, sym_name = "main", sym_visibility = "public", tied_operands = [-1 : index]}> ({
  ^bb0(%arg0: !hal.buffer_view):
    %0 = "arith.constant"() <{value = 3072 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 2048 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 1024 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    %5 = "arith.constant"() <{value = 1024 : index}> : () -> index
    %6 = "arith.constant"() <{value = 32 : index}> : () -> index
    %7 = "arith.constant"() <{value = 8 : index}> : () -> index
    %8 = "arith.constant"() <{value = 4096 : index}> : () -> index
    %9 = "arith.constant"() <{value = 128 : index}> : () -> index
    %10 = "util.global.load"() <{global = @w0_0, is_immutable}> : () -> !stream.resource<constant>
    %11 = "util.global.load"() <{global = @w0_1, is_immutable}> : () -> !stream.resource<constant>
    %12 = "util.global.load"() <{global = @w0_2, is_immutable}> : () -> !stream.resource<constant>
    %13 = "util.global.load"() <{global = @b0, is_immutable}> : () -> !stream.resource<constant>
    %14 = "util.global.load"() <{global = @w1_0, is_immutable}> : () -> !stream.resource<constant>
    %15 = "util.global.load"() <{global = @w1_1, is_immutable}> : () -> !stream.resource<constant>
    %16 = "util.global.load"() <{global = @w1_2, is_immutable}> : () -> !stream.resource<constant>
    %17 = "util.global.load"() <{global = @b1, is_immutable}> : () -> !stream.resource<constant>
    %18 = "util.global.load"() <{global = @w2_0, is_immutable}> : () -> !stream.resource<constant>
    %19 = "util.global.load"() <{global = @w2_1, is_immutable}> : () -> !stream.resource<constant>
    %20 = "util.global.load"() <{global = @w2_2, is_immutable}> : () -> !stream.resource<constant>
    %21 = "util.global.load"() <{global = @b2, is_immutable}> : () -> !stream.resource<constant>
    %22 = "util.global.load"() <{global = @w3_0, is_immutable}> : () -> !stream.resource<constant>
    %23 = "util.global.load"() <{global = @w3_1, is_immutable}> : () -> !stream.resource<constant>
    %24 = "util.global.load"() <{global = @w3_2, is_immutable}> : () -> !stream.resource<constant>
    %25 = "util.global.load"() <{global = @b3, is_immutable}> : () -> !stream.resource<constant>
    %26 = "util.global.load"() <{global = @w4_0, is_immutable}> : () -> !stream.resource<constant>
    %27 = "util.global.load"() <{global = @w4_1, is_immutable}> : () -> !stream.resource<constant>
    %28 = "util.global.load"() <{global = @w4_2, is_immutable}> : () -> !stream.resource<constant>
    %29 = "util.global.load"() <{global = @b4, is_immutable}> : () -> !stream.resource<constant>
    %30 = "util.global.load"() <{global = @w5_0, is_immutable}> : () -> !stream.resource<constant>
    %31 = "util.global.load"() <{global = @w5_1, is_immutable}> : () -> !stream.resource<constant>
    %32 = "util.global.load"() <{global = @w5_2, is_immutable}> : () -> !stream.resource<constant>
    %33 = "util.global.load"() <{global = @b5, is_immutable}> : () -> !stream.resource<constant>
    %34 = "util.global.load"() <{global = @w6_0, is_immutable}> : () -> !stream.resource<constant>
    %35 = "util.global.load"() <{global = @w6_1, is_immutable}> : () -> !stream.resource<constant>
    %36 = "util.global.load"() <{global = @w6_2, is_immutable}> : () -> !stream.resource<constant>
    %37 = "util.global.load"() <{global = @b6, is_immutable}> : () -> !stream.resource<constant>
    %38 = "util.global.load"() <{global = @w7_0, is_immutable}> : () -> !stream.resource<constant>
    %39 = "util.global.load"() <{global = @w7_1, is_immutable}> : () -> !stream.resource<constant>
    %40 = "util.global.load"() <{global = @w7_2, is_immutable}> : () -> !stream.resource<constant>
    %41 = "util.global.load"() <{global = @b7, is_immutable}> : () -> !stream.resource<constant>
    %42 = "util.global.load"() <{global = @w8_0, is_immutable}> : () -> !stream.resource<constant>
    %43 = "util.global.load"() <{global = @w8_1, is_immutable}> : () -> !stream.resource<constant>
    %44 = "util.global.load"() <{global = @w8_2, is_immutable}> : () -> !stream.resource<constant>
    %45 = "util.global.load"() <{global = @b8, is_immutable}> : () -> !stream.resource<constant>
    %46 = "util.global.load"() <{global = @w9_0, is_immutable}> : () -> !stream.resource<constant>
    %47 = "util.global.load"() <{global = @w9_1, is_immutable}> : () -> !stream.resource<constant>
    %48 = "util.global.load"() <{global = @w9_2, is_immutable}> : () -> !stream.resource<constant>
    %49 = "util.global.load"() <{global = @b9, is_immutable}> : () -> !stream.resource<constant>
    %50 = "util.global.load"() <{global = @w10_0, is_immutable}> : () -> !stream.resource<constant>
    %51 = "util.global.load"() <{global = @w10_1, is_immutable}> : () -> !stream.resource<constant>
    %52 = "util.global.load"() <{global = @w10_2, is_immutable}> : () -> !stream.resource<constant>
    %53 = "util.global.load"() <{global = @b10, is_immutable}> : () -> !stream.resource<constant>
    %54 = "util.global.load"() <{global = @w11_0, is_immutable}> : () -> !stream.resource<constant>
    %55 = "util.global.load"() <{global = @w11_1, is_immutable}> : () -> !stream.resource<constant>
    %56 = "util.global.load"() <{global = @w11_2, is_immutable}> : () -> !stream.resource<constant>
    %57 = "util.global.load"() <{global = @b11, is_immutable}> : () -> !stream.resource<constant>
    %58 = "util.global.load"() <{global = @w12_0, is_immutable}> : () -> !stream.resource<constant>
    %59 = "util.global.load"() <{global = @w12_1, is_immutable}> : () -> !stream.resource<constant>
    %60 = "util.global.load"() <{global = @w12_2, is_immutable}> : () -> !stream.resource<constant>
    %61 = "util.global.load"() <{global = @b12, is_immutable}> : () -> !stream.resource<constant>
    %62 = "util.global.load"() <{global = @w13_0, is_immutable}> : () -> !stream.resource<constant>
    %63 = "util.global.load"() <{global = @w13_1, is_immutable}> : () -> !stream.resource<constant>
    %64 = "util.global.load"() <{global = @w13_2, is_immutable}> : () -> !stream.resource<constant>
    %65 = "util.global.load"() <{global = @b13, is_immutable}> : () -> !stream.resource<constant>
    %66 = "util.global.load"() <{global = @w14_0, is_immutable}> : () -> !stream.resource<constant>
    %67 = "util.global.load"() <{global = @w14_1, is_immutable}> : () -> !stream.resource<constant>
    %68 = "util.global.load"() <{global = @w14_2, is_immutable}> : () -> !stream.resource<constant>
    %69 = "util.global.load"() <{global = @b14, is_immutable}> : () -> !stream.resource<constant>
    %70 = "util.global.load"() <{global = @w15_0, is_immutable}> : () -> !stream.resource<constant>
    %71 = "util.global.load"() <{global = @w15_1, is_immutable}> : () -> !stream.resource<constant>
    %72 = "util.global.load"() <{global = @w15_2, is_immutable}> : () -> !stream.resource<constant>
    %73 = "util.global.load"() <{global = @b15, is_immutable}> : () -> !stream.resource<constant>
    %74 = "util.global.load"() <{global = @w16_0, is_immutable}> : () -> !stream.resource<constant>
    %75 = "util.global.load"() <{global = @w16_1, is_immutable}> : () -> !stream.resource<constant>
    %76 = "util.global.load"() <{global = @w16_2, is_immutable}> : () -> !stream.resource<constant>
    %77 = "util.global.load"() <{global = @b16, is_immutable}> : () -> !stream.resource<constant>
    %78 = "util.global.load"() <{global = @w17_0, is_immutable}> : () -> !stream.resource<constant>
    %79 = "util.global.load"() <{global = @w17_1, is_immutable}> : () -> !stream.resource<constant>
    %80 = "util.global.load"() <{global = @w17_2, is_immutable}> : () -> !stream.resource<constant>
    %81 = "util.global.load"() <{global = @b17, is_immutable}> : () -> !stream.resource<constant>
    %82 = "util.global.load"() <{global = @w18_0, is_immutable}> : () -> !stream.resource<constant>
    %83 = "util.global.load"() <{global = @w18_1, is_immutable}> : () -> !stream.resource<constant>
    %84 = "util.global.load"() <{global = @w18_2, is_immutable}> : () -> !stream.resource<constant>
    %85 = "util.global.load"() <{global = @b18, is_immutable}> : () -> !stream.resource<constant>
    %86 = "util.global.load"() <{global = @w19_0, is_immutable}> : () -> !stream.resource<constant>
    %87 = "util.global.load"() <{global = @w19_1, is_immutable}> : () -> !stream.resource<constant>
    %88 = "util.global.load"() <{global = @w19_2, is_immutable}> : () -> !stream.resource<constant>
    %89 = "util.global.load"() <{global = @b19, is_immutable}> : () -> !stream.resource<constant>
    %90 = "util.global.load"() <{global = @w20_0, is_immutable}> : () -> !stream.resource<constant>
    %91 = "util.global.load"() <{global = @w20_1, is_immutable}> : () -> !stream.resource<constant>
    %92 = "util.global.load"() <{global = @w20_2, is_immutable}> : () -> !stream.resource<constant>
    %93 = "util.global.load"() <{global = @b20, is_immutable}> : () -> !stream.resource<constant>
    %94 = "util.global.load"() <{global = @w21_0, is_immutable}> : () -> !stream.resource<constant>
    %95 = "util.global.load"() <{global = @w21_1, is_immutable}> : () -> !stream.resource<constant>
    %96 = "util.global.load"() <{global = @w21_2, is_immutable}> : () -> !stream.resource<constant>
    %97 = "util.global.load"() <{global = @b21, is_immutable}> : () -> !stream.resource<constant>
    %98 = "util.global.load"() <{global = @w22_0, is_immutable}> : () -> !stream.resource<constant>
    %99 = "util.global.load"() <{global = @w22_1, is_immutable}> : () -> !stream.resource<constant>
    %100 = "util.global.load"() <{global = @w22_2, is_immutable}> : () -> !stream.resource<constant>
    %101 = "util.global.load"() <{global = @b22, is_immutable}> : () -> !stream.resource<constant>
    %102 = "util.global.load"() <{global = @w23_0, is_immutable}> : () -> !stream.resource<constant>
    %103 = "util.global.load"() <{global = @w23_1, is_immutable}> : () -> !stream.resource<constant>
    %104 = "util.global.load"() <{global = @w23_2, is_immutable}> : () -> !stream.resource<constant>
    %105 = "util.global.load"() <{global = @b23, is_immutable}> : () -> !stream.resource<constant>
    %106 = "util.global.load"() <{global = @w24_0, is_immutable}> : () -> !stream.resource<constant>
    %107 = "util.global.load"() <{global = @w24_1, is_immutable}> : () -> !stream.resource<constant>
    %108 = "util.global.load"() <{global = @w24_2, is_immutable}> : () -> !stream.resource<constant>
    %109 = "util.global.load"() <{global = @b24, is_immutable}> : () -> !stream.resource<constant>
    %110 = "util.global.load"() <{global = @w25_0, is_immutable}> : () -> !stream.resource<constant>
    %111 = "util.global.load"() <{global = @w25_1, is_immutable}> : () -> !stream.resource<constant>
    %112 = "util.global.load"() <{global = @w25_2, is_immutable}> : () -> !stream.resource<constant>
    %113 = "util.global.load"() <{global = @b25, is_immutable}> : () -> !stream.resource<constant>
    %114 = "util.global.load"() <{global = @w26_0, is_immutable}> : () -> !stream.resource<constant>
    %115 = "util.global.load"() <{global = @w26_1, is_immutable}> : () -> !stream.resource<constant>
    %116 = "util.global.load"() <{global = @w26_2, is_immutable}> : () -> !stream.resource<constant>
    %117 = "util.global.load"() <{global = @b26, is_immutable}> : () -> !stream.resource<constant>
    %118 = "util.global.load"() <{global = @w27_0, is_immutable}> : () -> !stream.resource<constant>
    %119 = "util.global.load"() <{global = @w27_1, is_immutable}> : () -> !stream.resource<constant>
    %120 = "util.global.load"() <{global = @w27_2, is_immutable}> : () -> !stream.resource<constant>
    %121 = "util.global.load"() <{global = @b27, is_immutable}> : () -> !stream.resource<constant>
    %122 = "util.global.load"() <{global = @w28_0, is_immutable}> : () -> !stream.resource<constant>
    %123 = "util.global.load"() <{global = @w28_1, is_immutable}> : () -> !stream.resource<constant>
    %124 = "util.global.load"() <{global = @w28_2, is_immutable}> : () -> !stream.resource<constant>
    %125 = "util.global.load"() <{global = @b28, is_immutable}> : () -> !stream.resource<constant>
    %126 = "util.global.load"() <{global = @w29_0, is_immutable}> : () -> !stream.resource<constant>
    %127 = "util.global.load"() <{global = @w29_1, is_immutable}> : () -> !stream.resource<constant>
    %128 = "util.global.load"() <{global = @w29_2, is_immutable}> : () -> !stream.resource<constant>
    %129 = "util.global.load"() <{global = @b29, is_immutable}> : () -> !stream.resource<constant>
    %130 = "util.global.load"() <{global = @w30_0, is_immutable}> : () -> !stream.resource<constant>
    %131 = "util.global.load"() <{global = @w30_1, is_immutable}> : () -> !stream.resource<constant>
    %132 = "util.global.load"() <{global = @w30_2, is_immutable}> : () -> !stream.resource<constant>
    %133 = "util.global.load"() <{global = @b30, is_immutable}> : () -> !stream.resource<constant>
    %134 = "util.global.load"() <{global = @w31_0, is_immutable}> : () -> !stream.resource<constant>
    %135 = "util.global.load"() <{global = @w31_1, is_immutable}> : () -> !stream.resource<constant>
    %136 = "util.global.load"() <{global = @w31_2, is_immutable}> : () -> !stream.resource<constant>
    %137 = "util.global.load"() <{global = @b31, is_immutable}> : () -> !stream.resource<constant>
    %138 = "util.global.load"() <{global = @w32_0, is_immutable}> : () -> !stream.resource<constant>
    %139 = "util.global.load"() <{global = @w32_1, is_immutable}> : () -> !stream.resource<constant>
    %140 = "util.global.load"() <{global = @w32_2, is_immutable}> : () -> !stream.resource<constant>
    %141 = "util.global.load"() <{global = @b32, is_immutable}> : () -> !stream.resource<constant>
    %142 = "util.global.load"() <{global = @w33_0, is_immutable}> : () -> !stream.resource<constant>
    %143 = "util.global.load"() <{global = @w33_1, is_immutable}> : () -> !stream.resource<constant>
    %144 = "util.global.load"() <{global = @w33_2, is_immutable}> : () -> !stream.resource<constant>
    %145 = "util.global.load"() <{global = @b33, is_immutable}> : () -> !stream.resource<constant>
    %146 = "util.global.load"() <{global = @w34_0, is_immutable}> : () -> !stream.resource<constant>
    %147 = "util.global.load"() <{global = @w34_1, is_immutable}> : () -> !stream.resource<constant>
    %148 = "util.global.load"() <{global = @w34_2, is_immutable}> : () -> !stream.resource<constant>
    %149 = "util.global.load"() <{global = @b34, is_immutable}> : () -> !stream.resource<constant>
    %150 = "util.global.load"() <{global = @w35_0, is_immutable}> : () -> !stream.resource<constant>
    %151 = "util.global.load"() <{global = @w35_1, is_immutable}> : () -> !stream.resource<constant>
    %152 = "util.global.load"() <{global = @w35_2, is_immutable}> : () -> !stream.resource<constant>
    %153 = "util.global.load"() <{global = @b35, is_immutable}> : () -> !stream.resource<constant>
    %154 = "util.global.load"() <{global = @w36_0, is_immutable}> : () -> !stream.resource<constant>
    %155 = "util.global.load"() <{global = @w36_1, is_immutable}> : () -> !stream.resource<constant>
    %156 = "util.global.load"() <{global = @w36_2, is_immutable}> : () -> !stream.resource<constant>
    %157 = "util.global.load"() <{global = @b36, is_immutable}> : () -> !stream.resource<constant>
    %158 = "util.global.load"() <{global = @w37_0, is_immutable}> : () -> !stream.resource<constant>
    %159 = "util.global.load"() <{global = @w37_1, is_immutable}> : () -> !stream.resource<constant>
    %160 = "util.global.load"() <{global = @w37_2, is_immutable}> : () -> !stream.resource<constant>
    %161 = "util.global.load"() <{global = @b37, is_immutable}> : () -> !stream.resource<constant>
    %162 = "util.global.load"() <{global = @w38_0, is_immutable}> : () -> !stream.resource<constant>
    %163 = "util.global.load"() <{global = @w38_1, is_immutable}> : () -> !stream.resource<constant>
    %164 = "util.global.load"() <{global = @w38_2, is_immutable}> : () -> !stream.resource<constant>
    %165 = "util.global.load"() <{global = @b38, is_immutable}> : () -> !stream.resource<constant>
    %166 = "util.global.load"() <{global = @w39_0, is_immutable}> : () -> !stream.resource<constant>
    %167 = "util.global.load"() <{global = @w39_1, is_immutable}> : () -> !stream.resource<constant>
    %168 = "util.global.load"() <{global = @w39_2, is_immutable}> : () -> !stream.resource<constant>
    %169 = "util.global.load"() <{global = @b39, is_immutable}> : () -> !stream.resource<constant>
    %170 = "util.global.load"() <{global = @w40_0, is_immutable}> : () -> !stream.resource<constant>
    %171 = "util.global.load"() <{global = @w40_1, is_immutable}> : () -> !stream.resource<constant>
    %172 = "util.global.load"() <{global = @w40_2, is_immutable}> : () -> !stream.resource<constant>
    %173 = "util.global.load"() <{global = @b40, is_immutable}> : () -> !stream.resource<constant>
    %174 = "util.global.load"() <{global = @w41_0, is_immutable}> : () -> !stream.resource<constant>
    %175 = "util.global.load"() <{global = @w41_1, is_immutable}> : () -> !stream.resource<constant>
    %176 = "util.global.load"() <{global = @w41_2, is_immutable}> : () -> !stream.resource<constant>
    %177 = "util.global.load"() <{global = @b41, is_immutable}> : () -> !stream.resource<constant>
    %178 = "util.global.load"() <{global = @w42_0, is_immutable}> : () -> !stream.resource<constant>
    %179 = "util.global.load"() <{global = @w42_1, is_immutable}> : () -> !stream.resource<constant>
    %180 = "util.global.load"() <{global = @w42_2, is_immutable}> : () -> !stream.resource<constant>
    %181 = "util.global.load"() <{global = @b42, is_immutable}> : () -> !stream.resource<constant>
    %182 = "util.global.load"() <{global = @w43_0, is_immutable}> : () -> !stream.resource<constant>
    %183 = "util.global.load"() <{global = @w43_1, is_immutable}> : () -> !stream.resource<constant>
    %184 = "util.global.load"() <{global = @w43_2, is_immutable}> : () -> !stream.resource<constant>
    %185 = "util.global.load"() <{global = @b43, is_immutable}> : () -> !stream.resource<constant>
    %186 = "util.global.load"() <{global = @w44_0, is_immutable}> : () -> !stream.resource<constant>
    %187 = "util.global.load"() <{global = @w44_1, is_immutable}> : () -> !stream.resource<constant>
    %188 = "util.global.load"() <{global = @w44_2, is_immutable}> : () -> !stream.resource<constant>
    %189 = "util.global.load"() <{global = @b44, is_immutable}> : () -> !stream.resource<constant>
    %190 = "util.global.load"() <{global = @w45_0, is_immutable}> : () -> !stream.resource<constant>
    %191 = "util.global.load"() <{global = @w45_1, is_immutable}> : () -> !stream.resource<constant>
    %192 = "util.global.load"() <{global = @w45_2, is_immutable}> : () -> !stream.resource<constant>
    %193 = "util.global.load"() <{global = @b45, is_immutable}> : () -> !stream.resource<constant>
    %194 = "util.global.load"() <{global = @w46_0, is_immutable}> : () -> !stream.resource<constant>
    %195 = "util.global.load"() <{global = @w46_1, is_immutable}> : () -> !stream.resource<constant>
    %196 = "util.global.load"() <{global = @w46_2, is_immutable}> : () -> !stream.resource<constant>
    %197 = "util.global.load"() <{global = @b46, is_immutable}> : () -> !stream.resource<constant>
    %198 = "util.global.load"() <{global = @w47_0, is_immutable}> : () -> !stream.resource<constant>
    %199 = "util.global.load"() <{global = @w47_1, is_immutable}> : () -> !stream.resource<constant>
    %200 = "util.global.load"() <{global = @w47_2, is_immutable}> : () -> !stream.resource<constant>
    %201 = "util.global.load"() <{global = @b47, is_immutable}> : () -> !stream.resource<constant>
    %202 = "util.global.load"() <{global = @w48_0, is_immutable}> : () -> !stream.resource<constant>
    %203 = "util.global.load"() <{global = @w48_1, is_immutable}> : () -> !stream.resource<constant>
    %204 = "util.global.load"() <{global = @w48_2, is_immutable}> : () -> !stream.resource<constant>
    %205 = "util.global.load"() <{global = @b48, is_immutable}> : () -> !stream.resource<constant>
    %206 = "util.global.load"() <{global = @w49_0, is_immutable}> : () -> !stream.resource<constant>
    %207 = "util.global.load"() <{global = @w49_1, is_immutable}> : () -> !stream.resource<constant>
    %208 = "util.global.load"() <{global = @w49_2, is_immutable}> : () -> !stream.resource<constant>
    %209 = "util.global.load"() <{global = @b49, is_immutable}> : () -> !stream.resource<constant>
    %210 = "util.global.load"() <{global = @w50_0, is_immutable}> : () -> !stream.resource<constant>
    %211 = "util.global.load"() <{global = @w50_1, is_immutable}> : () -> !stream.resource<constant>
    %212 = "util.global.load"() <{global = @w50_2, is_immutable}> : () -> !stream.resource<constant>
    %213 = "util.global.load"() <{global = @b50, is_immutable}> : () -> !stream.resource<constant>
    %214 = "util.global.load"() <{global = @w51_0, is_immutable}> : () -> !stream.resource<constant>
    %215 = "util.global.load"() <{global = @w51_1, is_immutable}> : () -> !stream.resource<constant>
    %216 = "util.global.load"() <{global = @w51_2, is_immutable}> : () -> !stream.resource<constant>
    %217 = "util.global.load"() <{global = @b51, is_immutable}> : () -> !stream.resource<constant>
    %218 = "util.global.load"() <{global = @w52_0, is_immutable}> : () -> !stream.resource<constant>
    %219 = "util.global.load"() <{global = @w52_1, is_immutable}> : () -> !stream.resource<constant>
    %220 = "util.global.load"() <{global = @w52_2, is_immutable}> : () -> !stream.resource<constant>
    %221 = "util.global.load"() <{global = @b52, is_immutable}> : () -> !stream.resource<constant>
    %222 = "util.global.load"() <{global = @w53_0, is_immutable}> : () -> !stream.resource<constant>
    %223 = "util.global.load"() <{global = @w53_1, is_immutable}> : () -> !stream.resource<constant>
    %224 = "util.global.load"() <{global = @w53_2, is_immutable}> : () -> !stream.resource<constant>
    %225 = "util.global.load"() <{global = @b53, is_immutable}> : () -> !stream.resource<constant>
    %226 = "util.global.load"() <{global = @w54_0, is_immutable}> : () -> !stream.resource<constant>
    %227 = "util.global.load"() <{global = @w54_1, is_immutable}> : () -> !stream.resource<constant>
    %228 = "util.global.load"() <{global = @w54_2, is_immutable}> : () -> !stream.resource<constant>
    %229 = "util.global.load"() <{global = @b54, is_immutable}> : () -> !stream.resource<constant>
    %230 = "util.global.load"() <{global = @w55_0, is_immutable}> : () -> !stream.resource<constant>
    %231 = "util.global.load"() <{global = @w55_1, is_immutable}> : () -> !stream.resource<constant>
    %232 = "util.global.load"() <{global = @w55_2, is_immutable}> : () -> !stream.resource<constant>
    %233 = "util.global.load"() <{global = @b55, is_immutable}> : () -> !stream.resource<constant>
    %234 = "util.global.load"() <{global = @w56_0, is_immutable}> : () -> !stream.resource<constant>
    %235 = "util.global.load"() <{global = @w56_1, is_immutable}> : () -> !stream.resource<constant>
    %236 = "util.global.load"() <{global = @w56_2, is_immutable}> : () -> !stream.resource<constant>
    %237 = "util.global.load"() <{global = @b56, is_immutable}> : () -> !stream.resource<constant>
    %238 = "util.global.load"() <{global = @w57_0, is_immutable}> : () -> !stream.resource<constant>
    %239 = "util.global.load"() <{global = @w57_1, is_immutable}> : () -> !stream.resource<constant>
    %240 = "util.global.load"() <{global = @w57_2, is_immutable}> : () -> !stream.resource<constant>
    %241 = "util.global.load"() <{global = @b57, is_immutable}> : () -> !stream.resource<constant>
    %242 = "util.global.load"() <{global = @w58_0, is_immutable}> : () -> !stream.resource<constant>
    %243 = "util.global.load"() <{global = @w58_1, is_immutable}> : () -> !stream.resource<constant>
    %244 = "util.global.load"() <{global = @w58_2, is_immutable}> : () -> !stream.resource<constant>
    %245 = "util.global.load"() <{global = @b58, is_immutable}> : () -> !stream.resource<constant>
    %246 = "util.global.load"() <{global = @w59_0, is_immutable}> : () -> !stream.resource<constant>
    %247 = "util.global.load"() <{global = @w59_1, is_immutable}> : () -> !stream.resource<constant>
    %248 = "util.global.load"() <{global = @w59_2, is_immutable}> : () -> !stream.resource<constant>
    %249 = "util.global.load"() <{global = @b59, is_immutable}> : () -> !stream.resource<constant>
    %250 = "util.global.load"() <{global = @w60_0, is_immutable}> : () -> !stream.resource<constant>
    %251 = "util.global.load"() <{global = @w60_1, is_immutable}> : () -> !stream.resource<constant>
    %252 = "util.global.load"() <{global = @w60_2, is_immutable}> : () -> !stream.resource<constant>
    %253 = "util.global.load"() <{global = @b60, is_immutable}> : () -> !stream.resource<constant>
    %254 = "util.global.load"() <{global = @w61_0, is_immutable}> : () -> !stream.resource<constant>
    %255 = "util.global.load"() <{global = @w61_1, is_immutable}> : () -> !stream.resource<constant>
    %256 = "util.global.load"() <{global = @w61_2, is_immutable}> : () -> !stream.resource<constant>
    %257 = "util.global.load"() <{global = @b61, is_immutable}> : () -> !stream.resource<constant>
    %258 = "util.global.load"() <{global = @w62_0, is_immutable}> : () -> !stream.resource<constant>
    %259 = "util.global.load"() <{global = @w62_1, is_immutable}> : () -> !stream.resource<constant>
    %260 = "util.global.load"() <{global = @w62_2, is_immutable}> : () -> !stream.resource<constant>
    %261 = "util.global.load"() <{global = @b62, is_immutable}> : () -> !stream.resource<constant>
    %262 = "util.global.load"() <{global = @w63_0, is_immutable}> : () -> !stream.resource<constant>
    %263 = "util.global.load"() <{global = @w63_1, is_immutable}> : () -> !stream.resource<constant>
    %264 = "util.global.load"() <{global = @w63_2, is_immutable}> : () -> !stream.resource<constant>
    %265 = "util.global.load"() <{global = @b63, is_immutable}> : () -> !stream.resource<constant>
    %266 = "util.global.load"() <{global = @w64_0, is_immutable}> : () -> !stream.resource<constant>
    %267 = "util.global.load"() <{global = @w64_1, is_immutable}> : () -> !stream.resource<constant>
    %268 = "util.global.load"() <{global = @w64_2, is_immutable}> : () -> !stream.resource<constant>
    %269 = "util.global.load"() <{global = @b64, is_immutable}> : () -> !stream.resource<constant>
    %270 = "util.global.load"() <{global = @w65_0, is_immutable}> : () -> !stream.resource<constant>
    %271 = "util.global.load"() <{global = @w65_1, is_immutable}> : () -> !stream.resource<constant>
    %272 = "util.global.load"() <{global = @w65_2, is_immutable}> : () -> !stream.resource<constant>
    %273 = "util.global.load"() <{global = @b65, is_immutable}> : () -> !stream.resource<constant>
    %274 = "util.global.load"() <{global = @w66_0, is_immutable}> : () -> !stream.resource<constant>
    %275 = "util.global.load"() <{global = @w66_1, is_immutable}> : () -> !stream.resource<constant>
    %276 = "util.global.load"() <{global = @w66_2, is_immutable}> : () -> !stream.resource<constant>
    %277 = "util.global.load"() <{global = @b66, is_immutable}> : () -> !stream.resource<constant>
    %278 = "util.global.load"() <{global = @w67_0, is_immutable}> : () -> !stream.resource<constant>
    %279 = "util.global.load"() <{global = @w67_1, is_immutable}> : () -> !stream.resource<constant>
    %280 = "util.global.load"() <{global = @w67_2, is_immutable}> : () -> !stream.resource<constant>
    %281 = "util.global.load"() <{global = @b67, is_immutable}> : () -> !stream.resource<constant>
    %282 = "util.global.load"() <{global = @w68_0, is_immutable}> : () -> !stream.resource<constant>
    %283 = "util.global.load"() <{global = @w68_1, is_immutable}> : () -> !stream.resource<constant>
    %284 = "util.global.load"() <{global = @w68_2, is_immutable}> : () -> !stream.resource<constant>
    %285 = "util.global.load"() <{global = @b68, is_immutable}> : () -> !stream.resource<constant>
    %286 = "util.global.load"() <{global = @w69_0, is_immutable}> : () -> !stream.resource<constant>
    %287 = "util.global.load"() <{global = @w69_1, is_immutable}> : () -> !stream.resource<constant>
    %288 = "util.global.load"() <{global = @w69_2, is_immutable}> : () -> !stream.resource<constant>
    %289 = "util.global.load"() <{global = @b69, is_immutable}> : () -> !stream.resource<constant>
    %290 = "util.global.load"() <{global = @w70_0, is_immutable}> : () -> !stream.resource<constant>
    %291 = "util.global.load"() <{global = @w70_1, is_immutable}> : () -> !stream.resource<constant>
    %292 = "util.global.load"() <{global = @w70_2, is_immutable}> : () -> !stream.resource<constant>
    %293 = "util.global.load"() <{global = @b70, is_immutable}> : () -> !stream.resource<constant>
    %294 = "util.global.load"() <{global = @w71_0, is_immutable}> : () -> !stream.resource<constant>
    %295 = "util.global.load"() <{global = @w71_1, is_immutable}> : () -> !stream.resource<constant>
    %296 = "util.global.load"() <{global = @w71_2, is_immutable}> : () -> !stream.resource<constant>
    %297 = "util.global.load"() <{global = @b71, is_immutable}> : () -> !stream.resource<constant>
    %298 = "util.global.load"() <{global = @w72_0, is_immutable}> : () -> !stream.resource<constant>
    %299 = "util.global.load"() <{global = @w72_1, is_immutable}> : () -> !stream.resource<constant>
    %300 = "util.global.load"() <{global = @w72_2, is_immutable}> : () -> !stream.resource<constant>
    %301 = "util.global.load"() <{global = @b72, is_immutable}> : () -> !stream.resource<constant>
    %302 = "util.global.load"() <{global = @w73_0, is_immutable}> : () -> !stream.resource<constant>
    %303 = "util.global.load"() <{global = @w73_1, is_immutable}> : () -> !stream.resource<constant>
    %304 = "util.global.load"() <{global = @w73_2, is_immutable}> : () -> !stream.resource<constant>
    %305 = "util.global.load"() <{global = @b73, is_immutable}> : () -> !stream.resource<constant>
    %306 = "util.global.load"() <{global = @w74_0, is_immutable}> : () -> !stream.resource<constant>
    %307 = "util.global.load"() <{global = @w74_1, is_immutable}> : () -> !stream.resource<constant>
    %308 = "util.global.load"() <{global = @w74_2, is_immutable}> : () -> !stream.resource<constant>
    %309 = "util.global.load"() <{global = @b74, is_immutable}> : () -> !stream.resource<constant>
    %310 = "util.global.load"() <{global = @w75_0, is_immutable}> : () -> !stream.resource<constant>
    %311 = "util.global.load"() <{global = @w75_1, is_immutable}> : () -> !stream.resource<constant>
    %312 = "util.global.load"() <{global = @w75_2, is_immutable}> : () -> !stream.resource<constant>
    %313 = "util.global.load"() <{global = @b75, is_immutable}> : () -> !stream.resource<constant>
    %314 = "util.global.load"() <{global = @w76_0, is_immutable}> : () -> !stream.resource<constant>
    %315 = "util.global.load"() <{global = @w76_1, is_immutable}> : () -> !stream.resource<constant>
    %316 = "util.global.load"() <{global = @w76_2, is_immutable}> : () -> !stream.resource<constant>
    %317 = "util.global.load"() <{global = @b76, is_immutable}> : () -> !stream.resource<constant>
    %318 = "util.global.load"() <{global = @w77_0, is_immutable}> : () -> !stream.resource<constant>
    %319 = "util.global.load"() <{global = @w77_1, is_immutable}> : () -> !stream.resource<constant>
    %320 = "util.global.load"() <{global = @w77_2, is_immutable}> : () -> !stream.resource<constant>
    %321 = "util.global.load"() <{global = @b77, is_immutable}> : () -> !stream.resource<constant>
    %322 = "util.global.load"() <{global = @w78_0, is_immutable}> : () -> !stream.resource<constant>
    %323 = "util.global.load"() <{global = @w78_1, is_immutable}> : () -> !stream.resource<constant>
    %324 = "util.global.load"() <{global = @w78_2, is_immutable}> : () -> !stream.resource<constant>
    %325 = "util.global.load"() <{global = @b78, is_immutable}> : () -> !stream.resource<constant>
    %326 = "util.global.load"() <{global = @w79_0, is_immutable}> : () -> !stream.resource<constant>
    %327 = "util.global.load"() <{global = @w79_1, is_immutable}> : () -> !stream.resource<constant>
    %328 = "util.global.load"() <{global = @w79_2, is_immutable}> : () -> !stream.resource<constant>
    %329 = "util.global.load"() <{global = @b79, is_immutable}> : () -> !stream.resource<constant>
    %330 = "util.global.load"() <{global = @w80_0, is_immutable}> : () -> !stream.resource<constant>
    %331 = "util.global.load"() <{global = @w80_1, is_immutable}> : () -> !stream.resource<constant>
    %332 = "util.global.load"() <{global = @w80_2, is_immutable}> : () -> !stream.resource<constant>
    %333 = "util.global.load"() <{global = @b80, is_immutable}> : () -> !stream.resource<constant>
    %334 = "util.global.load"() <{global = @w81_0, is_immutable}> : () -> !stream.resource<constant>
    %335 = "util.global.load"() <{global = @w81_1, is_immutable}> : () -> !stream.resource<constant>
    %336 = "util.global.load"() <{global = @w81_2, is_immutable}> : () -> !stream.resource<constant>
    %337 = "util.global.load"() <{global = @b81, is_immutable}> : () -> !stream.resource<constant>
    %338 = "util.global.load"() <{global = @w82_0, is_immutable}> : () -> !stream.resource<constant>
    %339 = "util.global.load"() <{global = @w82_1, is_immutable}> : () -> !stream.resource<constant>
    %340 = "util.global.load"() <{global = @w82_2, is_immutable}> : () -> !stream.resource<constant>
    %341 = "util.global.load"() <{global = @b82, is_immutable}> : () -> !stream.resource<constant>
    %342 = "util.global.load"() <{global = @w83_0, is_immutable}> : () -> !stream.resource<constant>
    %343 = "util.global.load"() <{global = @w83_1, is_immutable}> : () -> !stream.resource<constant>
    %344 = "util.global.load"() <{global = @w83_2, is_immutable}> : () -> !stream.resource<constant>
    %345 = "util.global.load"() <{global = @b83, is_immutable}> : () -> !stream.resource<constant>
    %346 = "util.global.load"() <{global = @w84_0, is_immutable}> : () -> !stream.resource<constant>
    %347 = "util.global.load"() <{global = @w84_1, is_immutable}> : () -> !stream.resource<constant>
    %348 = "util.global.load"() <{global = @w84_2, is_immutable}> : () -> !stream.resource<constant>
    %349 = "util.global.load"() <{global = @b84, is_immutable}> : () -> !stream.resource<constant>
    %350 = "util.global.load"() <{global = @w85_0, is_immutable}> : () -> !stream.resource<constant>
    %351 = "util.global.load"() <{global = @w85_1, is_immutable}> : () -> !stream.resource<constant>
    %352 = "util.global.load"() <{global = @w85_2, is_immutable}> : () -> !stream.resource<constant>
    %353 = "util.global.load"() <{global = @b85, is_immutable}> : () -> !stream.resource<constant>
    %354 = "util.global.load"() <{global = @w86_0, is_immutable}> : () -> !stream.resource<constant>
    %355 = "util.global.load"() <{global = @w86_1, is_immutable}> : () -> !stream.resource<constant>
    %356 = "util.global.load"() <{global = @w86_2, is_immutable}> : () -> !stream.resource<constant>
    %357 = "util.global.load"() <{global = @b86, is_immutable}> : () -> !stream.resource<constant>
    %358 = "util.global.load"() <{global = @w87_0, is_immutable}> : () -> !stream.resource<constant>
    %359 = "util.global.load"() <{global = @w87_1, is_immutable}> : () -> !stream.resource<constant>
    %360 = "util.global.load"() <{global = @w87_2, is_immutable}> : () -> !stream.resource<constant>
    %361 = "util.global.load"() <{global = @b87, is_immutable}> : () -> !stream.resource<constant>
    %362 = "util.global.load"() <{global = @w88_0, is_immutable}> : () -> !stream.resource<constant>
    %363 = "util.global.load"() <{global = @w88_1, is_immutable}> : () -> !stream.resource<constant>
    %364 = "util.global.load"() <{global = @w88_2, is_immutable}> : () -> !stream.resource<constant>
    %365 = "util.global.load"() <{global = @b88, is_immutable}> : () -> !stream.resource<constant>
    %366 = "util.global.load"() <{global = @w89_0, is_immutable}> : () -> !stream.resource<constant>
    %367 = "util.global.load"() <{global = @w89_1, is_immutable}> : () -> !stream.resource<constant>
    %368 = "util.global.load"() <{global = @w89_2, is_immutable}> : () -> !stream.resource<constant>
    %369 = "util.global.load"() <{global = @b89, is_immutable}> : () -> !stream.resource<constant>
    %370 = "util.global.load"() <{global = @w90_0, is_immutable}> : () -> !stream.resource<constant>
    %371 = "util.global.load"() <{global = @w90_1, is_immutable}> : () -> !stream.resource<constant>
    %372 = "util.global.load"() <{global = @w90_2, is_immutable}> : () -> !stream.resource<constant>
    %373 = "util.global.load"() <{global = @b90, is_immutable}> : () -> !stream.resource<constant>
    %374 = "util.global.load"() <{global = @w91_0, is_immutable}> : () -> !stream.resource<constant>
    %375 = "util.global.load"() <{global = @w91_1, is_immutable}> : () -> !stream.resource<constant>
    %376 = "util.global.load"() <{global = @w91_2, is_immutable}> : () -> !stream.resource<constant>
    %377 = "util.global.load"() <{global = @b91, is_immutable}> : () -> !stream.resource<constant>
    %378 = "util.global.load"() <{global = @w92_0, is_immutable}> : () -> !stream.resource<constant>
    %379 = "util.global.load"() <{global = @w92_1, is_immutable}> : () -> !stream.resource<constant>
    %380 = "util.global.load"() <{global = @w92_2, is_immutable}> : () -> !stream.resource<constant>
    %381 = "util.global.load"() <{global = @b92, is_immutable}> : () -> !stream.resource<constant>
    %382 = "util.global.load"() <{global = @w93_0, is_immutable}> : () -> !stream.resource<constant>
    %383 = "util.global.load"() <{global = @w93_1, is_immutable}> : () -> !stream.resource<constant>
    %384 = "util.global.load"() <{global = @w93_2, is_immutable}> : () -> !stream.resource<constant>
    %385 = "util.global.load"() <{global = @b93, is_immutable}> : () -> !stream.resource<constant>
    %386 = "util.global.load"() <{global = @w94_0, is_immutable}> : () -> !stream.resource<constant>
    %387 = "util.global.load"() <{global = @w94_1, is_immutable}> : () -> !stream.resource<constant>
    %388 = "util.global.load"() <{global = @w94_2, is_immutable}> : () -> !stream.resource<constant>
    %389 = "util.global.load"() <{global = @b94, is_immutable}> : () -> !stream.resource<constant>
    %390 = "util.global.load"() <{global = @w95_0, is_immutable}> : () -> !stream.resource<constant>
    %391 = "util.global.load"() <{global = @w95_1, is_immutable}> : () -> !stream.resource<constant>
    %392 = "util.global.load"() <{global = @w95_2, is_immutable}> : () -> !stream.resource<constant>
    %393 = "util.global.load"() <{global = @b95, is_immutable}> : () -> !stream.resource<constant>
    %394 = "util.global.load"() <{global = @w96_0, is_immutable}> : () -> !stream.resource<constant>
    %395 = "util.global.load"() <{global = @w96_1, is_immutable}> : () -> !stream.resource<constant>
    %396 = "util.global.load"() <{global = @w96_2, is_immutable}> : () -> !stream.resource<constant>
    %397 = "util.global.load"() <{global = @b96, is_immutable}> : () -> !stream.resource<constant>
    %398 = "util.global.load"() <{global = @w97_0, is_immutable}> : () -> !stream.resource<constant>
    %399 = "util.global.load"() <{global = @w97_1, is_immutable}> : () -> !stream.resource<constant>
    %400 = "util.global.load"() <{global = @w97_2, is_immutable}> : () -> !stream.resource<constant>
    %401 = "util.global.load"() <{global = @b97, is_immutable}> : () -> !stream.resource<constant>
    %402 = "util.global.load"() <{global = @w98_0, is_immutable}> : () -> !stream.resource<constant>
    %403 = "util.global.load"() <{global = @w98_1, is_immutable}> : () -> !stream.resource<constant>
    %404 = "util.global.load"() <{global = @w98_2, is_immutable}> : () -> !stream.resource<constant>
    %405 = "util.global.load"() <{global = @b98, is_immutable}> : () -> !stream.resource<constant>
    %406 = "util.global.load"() <{global = @w99_0, is_immutable}> : () -> !stream.resource<constant>
    %407 = "util.global.load"() <{global = @w99_1, is_immutable}> : () -> !stream.resource<constant>
    %408 = "util.global.load"() <{global = @w99_2, is_immutable}> : () -> !stream.resource<constant>
    %409 = "util.global.load"() <{global = @b99, is_immutable}> : () -> !stream.resource<constant>
    %410 = "util.global.load"() <{global = @w100_0, is_immutable}> : () -> !stream.resource<constant>
    %411 = "util.global.load"() <{global = @w100_1, is_immutable}> : () -> !stream.resource<constant>
    %412 = "util.global.load"() <{global = @w100_2, is_immutable}> : () -> !stream.resource<constant>
    %413 = "util.global.load"() <{global = @b100, is_immutable}> : () -> !stream.resource<constant>
    %414 = "util.global.load"() <{global = @w101_0, is_immutable}> : () -> !stream.resource<constant>
    %415 = "util.global.load"() <{global = @w101_1, is_immutable}> : () -> !stream.resource<constant>
    %416 = "util.global.load"() <{global = @w101_2, is_immutable}> : () -> !stream.resource<constant>
    %417 = "util.global.load"() <{global = @b101, is_immutable}> : () -> !stream.resource<constant>
    %418 = "util.global.load"() <{global = @w102_0, is_immutable}> : () -> !stream.resource<constant>
    %419 = "util.global.load"() <{global = @w102_1, is_immutable}> : () -> !stream.resource<constant>
    %420 = "util.global.load"() <{global = @w102_2, is_immutable}> : () -> !stream.resource<constant>
    %421 = "util.global.load"() <{global = @b102, is_immutable}> : () -> !stream.resource<constant>
    %422 = "util.global.load"() <{global = @w103_0, is_immutable}> : () -> !stream.resource<constant>
    %423 = "util.global.load"() <{global = @w103_1, is_immutable}> : () -> !stream.resource<constant>
    %424 = "util.global.load"() <{global = @w103_2, is_immutable}> : () -> !stream.resource<constant>
    %425 = "util.global.load"() <{global = @b103, is_immutable}> : () -> !stream.resource<constant>
    %426 = "util.global.load"() <{global = @w104_0, is_immutable}> : () -> !stream.resource<constant>
    %427 = "util.global.load"() <{global = @w104_1, is_immutable}> : () -> !stream.resource<constant>
    %428 = "util.global.load"() <{global = @w104_2, is_immutable}> : () -> !stream.resource<constant>
    %429 = "util.global.load"() <{global = @b104, is_immutable}> : () -> !stream.resource<constant>
    %430 = "util.global.load"() <{global = @w105_0, is_immutable}> : () -> !stream.resource<constant>
    %431 = "util.global.load"() <{global = @w105_1, is_immutable}> : () -> !stream.resource<constant>
    %432 = "util.global.load"() <{global = @w105_2, is_immutable}> : () -> !stream.resource<constant>
    %433 = "util.global.load"() <{global = @b105, is_immutable}> : () -> !stream.resource<constant>
    %434 = "util.global.load"() <{global = @w106_0, is_immutable}> : () -> !stream.resource<constant>
    %435 = "util.global.load"() <{global = @w106_1, is_immutable}> : () -> !stream.resource<constant>
    %436 = "util.global.load"() <{global = @w106_2, is_immutable}> : () -> !stream.resource<constant>
    %437 = "util.global.load"() <{global = @b106, is_immutable}> : () -> !stream.resource<constant>
    %438 = "util.global.load"() <{global = @w107_0, is_immutable}> : () -> !stream.resource<constant>
    %439 = "util.global.load"() <{global = @w107_1, is_immutable}> : () -> !stream.resource<constant>
    %440 = "util.global.load"() <{global = @w107_2, is_immutable}> : () -> !stream.resource<constant>
    %441 = "util.global.load"() <{global = @b107, is_immutable}> : () -> !stream.resource<constant>
    %442 = "util.global.load"() <{global = @w108_0, is_immutable}> : () -> !stream.resource<constant>
    %443 = "util.global.load"() <{global = @w108_1, is_immutable}> : () -> !stream.resource<constant>
    %444 = "util.global.load"() <{global = @w108_2, is_immutable}> : () -> !stream.resource<constant>
    %445 = "util.global.load"() <{global = @b108, is_immutable}> : () -> !stream.resource<constant>
    %446 = "util.global.load"() <{global = @w109_0, is_immutable}> : () -> !stream.resource<constant>
    %447 = "util.global.load"() <{global = @w109_1, is_immutable}> : () -> !stream.resource<constant>
    %448 = "util.global.load"() <{global = @w109_2, is_immutable}> : () -> !stream.resource<constant>
    %449 = "util.global.load"() <{global = @b109, is_immutable}> : () -> !stream.resource<constant>
    %450 = "util.global.load"() <{global = @w110_0, is_immutable}> : () -> !stream.resource<constant>
    %451 = "util.global.load"() <{global = @w110_1, is_immutable}> : () -> !stream.resource<constant>
    %452 = "util.global.load"() <{global = @w110_2, is_immutable}> : () -> !stream.resource<constant>
    %453 = "util.global.load"() <{global = @b110, is_immutable}> : () -> !stream.resource<constant>
    %454 = "util.global.load"() <{global = @w111_0, is_immutable}> : () -> !stream.resource<constant>
    %455 = "util.global.load"() <{global = @w111_1, is_immutable}> : () -> !stream.resource<constant>
    %456 = "util.global.load"() <{global = @w111_2, is_immutable}> : () -> !stream.resource<constant>
    %457 = "util.global.load"() <{global = @b111, is_immutable}> : () -> !stream.resource<constant>
    %458 = "util.global.load"() <{global = @w112_0, is_immutable}> : () -> !stream.resource<constant>
    %459 = "util.global.load"() <{global = @w112_1, is_immutable}> : () -> !stream.resource<constant>
    %460 = "util.global.load"() <{global = @w112_2, is_immutable}> : () -> !stream.resource<constant>
    %461 = "util.global.load"() <{global = @b112, is_immutable}> : () -> !stream.resource<constant>
    %462 = "util.global.load"() <{global = @w113_0, is_immutable}> : () -> !stream.resource<constant>
    %463 = "util.global.load"() <{global = @w113_1, is_immutable}> : () -> !stream.resource<constant>
    %464 = "util.global.load"() <{global = @w113_2, is_immutable}> : () -> !stream.resource<constant>
    %465 = "util.global.load"() <{global = @b113, is_immutable}> : () -> !stream.resource<constant>
    %466 = "util.global.load"() <{global = @w114_0, is_immutable}> : () -> !stream.resource<constant>
    %467 = "util.global.load"() <{global = @w114_1, is_immutable}> : () -> !stream.resource<constant>
    %468 = "util.global.load"() <{global = @w114_2, is_immutable}> : () -> !stream.resource<constant>
    %469 = "util.global.load"() <{global = @b114, is_immutable}> : () -> !stream.resource<constant>
    %470 = "util.global.load"() <{global = @w115_0, is_immutable}> : () -> !stream.resource<constant>
    %471 = "util.global.load"() <{global = @w115_1, is_immutable}> : () -> !stream.resource<constant>
    %472 = "util.global.load"() <{global = @w115_2, is_immutable}> : () -> !stream.resource<constant>
    %473 = "util.global.load"() <{global = @b115, is_immutable}> : () -> !stream.resource<constant>
    %474 = "util.global.load"() <{global = @w116_0, is_immutable}> : () -> !stream.resource<constant>
    %475 = "util.global.load"() <{global = @w116_1, is_immutable}> : () -> !stream.resource<constant>
    %476 = "util.global.load"() <{global = @w116_2, is_immutable}> : () -> !stream.resource<constant>
    %477 = "util.global.load"() <{global = @b116, is_immutable}> : () -> !stream.resource<constant>
    %478 = "util.global.load"() <{global = @w117_0, is_immutable}> : () -> !stream.resource<constant>
    %479 = "util.global.load"() <{global = @w117_1, is_immutable}> : () -> !stream.resource<constant>
    %480 = "util.global.load"() <{global = @w117_2, is_immutable}> : () -> !stream.resource<constant>
    %481 = "util.global.load"() <{global = @b117, is_immutable}> : () -> !stream.resource<constant>
    %482 = "util.global.load"() <{global = @w118_0, is_immutable}> : () -> !stream.resource<constant>
    %483 = "util.global.load"() <{global = @w118_1, is_immutable}> : () -> !stream.resource<constant>
    %484 = "util.global.load"() <{global = @w118_2, is_immutable}> : () -> !stream.resource<constant>
    %485 = "util.global.load"() <{global = @b118, is_immutable}> : () -> !stream.resource<constant>
    %486 = "util.global.load"() <{global = @w119_0, is_immutable}> : () -> !stream.resource<constant>
    %487 = "util.global.load"() <{global = @w119_1, is_immutable}> : () -> !stream.resource<constant>
    %488 = "util.global.load"() <{global = @w119_2, is_immutable}> : () -> !stream.resource<constant>
    %489 = "util.global.load"() <{global = @b119, is_immutable}> : () -> !stream.resource<constant>
    %490 = "util.global.load"() <{global = @w120_0, is_immutable}> : () -> !stream.resource<constant>
    %491 = "util.global.load"() <{global = @w120_1, is_immutable}> : () -> !stream.resource<constant>
    %492 = "util.global.load"() <{global = @w120_2, is_immutable}> : () -> !stream.resource<constant>
    %493 = "util.global.load"() <{global = @b120, is_immutable}> : () -> !stream.resource<constant>
    %494 = "util.global.load"() <{global = @w121_0, is_immutable}> : () -> !stream.resource<constant>
    %495 = "util.global.load"() <{global = @w121_1, is_immutable}> : () -> !stream.resource<constant>
    %496 = "util.global.load"() <{global = @w121_2, is_immutable}> : () -> !stream.resource<constant>
    %497 = "util.global.load"() <{global = @b121, is_immutable}> : () -> !stream.resource<constant>
    %498 = "util.global.load"() <{global = @w122_0, is_immutable}> : () -> !stream.resource<constant>
    %499 = "util.global.load"() <{global = @w122_1, is_immutable}> : () -> !stream.resource<constant>
    %500 = "util.global.load"() <{global = @w122_2, is_immutable}> : () -> !stream.resource<constant>
    %501 = "util.global.load"() <{global = @b122, is_immutable}> : () -> !stream.resource<constant>
    %502 = "util.global.load"() <{global = @w123_0, is_immutable}> : () -> !stream.resource<constant>
    %503 = "util.global.load"() <{global = @w123_1, is_immutable}> : () -> !stream.resource<constant>
    %504 = "util.global.load"() <{global = @w123_2, is_immutable}> : () -> !stream.resource<constant>
    %505 = "util.global.load"() <{global = @b123, is_immutable}> : () -> !stream.resource<constant>
    %506 = "util.global.load"() <{global = @w124_0, is_immutable}> : () -> !stream.resource<constant>
    %507 = "util.global.load"() <{global = @w124_1, is_immutable}> : () -> !stream.resource<constant>
    %508 = "util.global.load"() <{global = @w124_2, is_immutable}> : () -> !stream.resource<constant>
    %509 = "util.global.load"() <{global = @b124, is_immutable}> : () -> !stream.resource<constant>
    %510 = "util.global.load"() <{global = @w125_0, is_immutable}> : () -> !stream.resource<constant>
    %511 = "util.global.load"() <{global = @w125_1, is_immutable}> : () -> !stream.resource<constant>
    %512 = "util.global.load"() <{global = @w125_2, is_immutable}> : () -> !stream.resource<constant>
    %513 = "util.global.load"() <{global = @b125, is_immutable}> : () -> !stream.resource<constant>
    %514 = "util.global.load"() <{global = @w126_0, is_immutable}> : () -> !stream.resource<constant>
    %515 = "util.global.load"() <{global = @w126_1, is_immutable}> : () -> !stream.resource<constant>
    %516 = "util.global.load"() <{global = @w126_2, is_immutable}> : () -> !stream.resource<constant>
    %517 = "util.global.load"() <{global = @b126, is_immutable}> : () -> !stream.resource<constant>
    %518 = "util.global.load"() <{global = @w127_0, is_immutable}> : () -> !stream.resource<constant>
    %519 = "util.global.load"() <{global = @w127_1, is_immutable}> : () -> !stream.resource<constant>
    %520 = "util.global.load"() <{global = @w127_2, is_immutable}> : () -> !stream.resource<constant>
    %521 = "util.global.load"() <{global = @b127, is_immutable}> : () -> !stream.resource<constant>
    %522 = "util.global.load"() <{global = @w128_0, is_immutable}> : () -> !stream.resource<constant>
    %523 = "util.global.load"() <{global = @w128_1, is_immutable}> : () -> !stream.resource<constant>
    %524 = "util.global.load"() <{global = @w128_2, is_immutable}> : () -> !stream.resource<constant>
    %525 = "util.global.load"() <{global = @b128, is_immutable}> : () -> !stream.resource<constant>
    %526 = "util.global.load"() <{global = @w129_0, is_immutable}> : () -> !stream.resource<constant>
    %527 = "util.global.load"() <{global = @w129_1, is_immutable}> : () -> !stream.resource<constant>
    %528 = "util.global.load"() <{global = @w129_2, is_immutable}> : () -> !stream.resource<constant>
    %529 = "util.global.load"() <{global = @b129, is_immutable}> : () -> !stream.resource<constant>
    %530 = "util.global.load"() <{global = @w130_0, is_immutable}> : () -> !stream.resource<constant>
    %531 = "util.global.load"() <{global = @w130_1, is_immutable}> : () -> !stream.resource<constant>
    %532 = "util.global.load"() <{global = @w130_2, is_immutable}> : () -> !stream.resource<constant>
    %533 = "util.global.load"() <{global = @b130, is_immutable}> : () -> !stream.resource<constant>
    %534 = "util.global.load"() <{global = @w131_0, is_immutable}> : () -> !stream.resource<constant>
    %535 = "util.global.load"() <{global = @w131_1, is_immutable}> : () -> !stream.resource<constant>
    %536 = "util.global.load"() <{global = @w131_2, is_immutable}> : () -> !stream.resource<constant>
    %537 = "util.global.load"() <{global = @b131, is_immutable}> : () -> !stream.resource<constant>
    %538 = "util.global.load"() <{global = @w132_0, is_immutable}> : () -> !stream.resource<constant>
    %539 = "util.global.load"() <{global = @w132_1, is_immutable}> : () -> !stream.resource<constant>
    %540 = "util.global.load"() <{global = @w132_2, is_immutable}> : () -> !stream.resource<constant>
    %541 = "util.global.load"() <{global = @b132, is_immutable}> : () -> !stream.resource<constant>
    %542 = "hal.element_type"() <{type = f32}> : () -> i32
    %543 = "hal.encoding_type"() : () -> i32
    "hal.buffer_view.assert"(%arg0, %542, %543, %7, %6) <{message = "input0"}> : (!hal.buffer_view, i32, i32, index, index) -> ()
    %544 = "stream.tensor.import"(%arg0, %5) <{affinity = #hal.device.affinity<@__device_0>, result_encoding = tensor<8x32xf32>}> : (!hal.buffer_view, index) -> !stream.resource<external>
    %545:2 = "stream.resource.alloca"(%5) <{affinity = #hal.device.affinity<@__device_0>}> : (index) -> (!stream.resource<external>, !stream.timepoint)
    %546:2 = "stream.resource.alloca"(%8) <{affinity = #hal.device.affinity<@__device_0>}> : (index) -> (!stream.resource<transient>, !stream.timepoint)
    %547 = "stream.timepoint.join"(%545#1, %546#1) : (!stream.timepoint, !stream.timepoint) -> !stream.timepoint
    %548 = "stream.cmd.execute"(%544, %11, %12, %10, %13, %15, %16, %14, %17, %19, %20, %18, %21, %23, %24, %22, %25, %27, %28, %26, %29, %31, %32, %30, %33, %35, %36, %34, %37, %39, %40, %38, %41, %43, %44, %42, %45, %47, %48, %46, %49, %51, %52, %50, %53, %55, %56, %54, %57, %59, %60, %58, %61, %63, %64, %62, %65, %67, %68, %66, %69, %71, %72, %70, %73, %75, %76, %74, %77, %79, %80, %78, %81, %83, %84, %82, %85, %87, %88, %86, %89, %91, %92, %90, %93, %95, %96, %94, %97, %99, %100, %98, %101, %103, %104, %102, %105, %107, %108, %106, %109, %111, %112, %110, %113, %115, %116, %114, %117, %119, %120, %118, %121, %123, %124, %122, %125, %127, %128, %126, %129, %131, %132, %130, %133, %135, %136, %134, %137, %139, %140, %138, %141, %143, %144, %142, %145, %147, %148, %146, %149, %151, %152, %150, %153, %155, %156, %154, %157, %159, %160, %158, %161, %163, %164, %162, %165, %167, %168, %166, %169, %171, %172, %170, %173, %175, %176, %174, %177, %179, %180, %178, %181, %183, %184, %182, %185, %187, %188, %186, %189, %191, %192, %190, %193, %195, %196, %194, %197, %199, %200, %198, %201, %203, %204, %202, %205, %207, %208, %206, %209, %211, %212, %210, %213, %215, %216, %214, %217, %219, %220, %218, %221, %223, %224, %222, %225, %227, %228, %226, %229, %231, %232, %230, %233, %235, %236, %234, %237, %239, %240, %238, %241, %243, %244, %242, %245, %247, %248, %246, %249, %251, %252, %250, %253, %255, %256, %254, %257, %259, %260, %258, %261, %263, %264, %262, %265, %267, %268, %266, %269, %271, %272, %270, %273, %275, %276, %274, %277, %279, %280, %278, %281, %283, %284, %282, %285, %287, %288, %286, %289, %291, %292, %290, %293, %295, %296, %294, %297, %299, %300, %298, %301, %303, %304, %302, %305, %307, %308, %306, %309, %311, %312, %310, %313, %315, %316, %314, %317, %319, %320, %318, %321, %323, %324, %322, %325, %327, %328, %326, %329, %331, %332, %330, %333, %335, %336, %334, %337, %339, %340, %338, %341, %343, %344, %342, %345, %347, %348, %346, %349, %351, %352, %350, %353, %355, %356, %354, %357, %359, %360, %358, %361, %363, %364, %362, %365, %367, %368, %366, %369, %371, %372, %370, %373, %375, %376, %374, %377, %379, %380, %378, %381, %383, %384, %382, %385, %387, %388, %386, %389, %391, %392, %390, %393, %395, %396, %394, %397, %399, %400, %398, %401, %403, %404, %402, %405, %407, %408, %406, %409, %411, %412, %410, %413, %415, %416, %414, %417, %419, %420, %418, %421, %423, %424, %422, %425, %427, %428, %426, %429, %431, %432, %430, %433, %435, %436, %434, %437, %439, %440, %438, %441, %443, %444, %442, %445, %447, %448, %446, %449, %451, %452, %450, %453, %455, %456, %454, %457, %459, %460, %458, %461, %463, %464, %462, %465, %467, %468, %466, %469, %471, %472, %470, %473, %475, %476, %474, %477, %479, %480, %478, %481, %483, %484, %482, %485, %487, %488, %486, %489, %491, %492, %490, %493, %495, %496, %494, %497, %499, %500, %498, %501, %503, %504, %502, %505, %507, %508, %506, %509, %511, %512, %510, %513, %515, %516, %514, %517, %519, %520, %518, %521, %523, %524, %522, %525, %527, %528, %526, %529, %531, %532, %530, %533, %535, %536, %534, %537, %539, %540, %538, %541, %545#0, %546#0, %5, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %8, %8, %8, %9, %5, %8, %547) <{affinity = #hal.device.affinity<@__device_0>, operandSegmentSizes = array<i32: 535, 535, 1>}> ({
    ^bb0(%arg1: !stream.resource<external>, %arg2: !stream.resource<constant>, %arg3: !stream.resource<constant>, %arg4: !stream.resource<constant>, %arg5: !stream.resource<constant>, %arg6: !stream.resource<constant>, %arg7: !stream.resource<constant>, %arg8: !stream.resource<constant>, %arg9: !stream.resource<constant>, %arg10: !stream.resource<constant>, %arg11: !stream.resource<constant>, %arg12: !stream.resource<constant>, %arg13: !stream.resource<constant>, %arg14: !stream.resource<constant>, %arg15: !stream.resource<constant>, %arg16: !stream.resource<constant>, %arg17: !stream.resource<constant>, %arg18: !stream.resource<constant>, %arg19: !stream.resource<constant>, %arg20: !stream.resource<constant>, %arg21: !stream.resource<constant>, %arg22: !stream.resource<constant>, %arg23: !stream.resource<constant>, %arg24: !stream.resource<constant>, %arg25: !stream.resource<constant>, %arg26: !stream.resource<constant>, %arg27: !stream.resource<constant>, %arg28: !stream.resource<constant>, %arg29: !stream.resource<constant>, %arg30: !stream.resource<constant>, %arg31: !stream.resource<constant>, %arg32: !stream.resource<constant>, %arg33: !stream.resource<constant>, %arg34: !stream.resource<constant>, %arg35: !stream.resource<constant>, %arg36: !stream.resource<constant>, %arg37: !stream.resource<constant>, %arg38: !stream.resource<constant>, %arg39: !stream.resource<constant>, %arg40: !stream.resource<constant>, %arg41: !stream.resource<constant>, %arg42: !stream.resource<constant>, %arg43: !stream.resource<constant>, %arg44: !stream.resource<constant>, %arg45: !stream.resource<constant>, %arg46: !stream.resource<constant>, %arg47: !stream.resource<constant>, %arg48: !stream.resource<constant>, %arg49: !stream.resource<constant>, %arg50: !stream.resource<constant>, %arg51: !stream.resource<constant>, %arg52: !stream.resource<constant>, %arg53: !stream.resource<constant>, %arg54: !stream.resource<constant>, %arg55: !stream.resource<constant>, %arg56: !stream.resource<constant>, %arg57: !stream.resource<constant>, %arg58: !stream.resource<constant>, %arg59: !stream.resource<constant>, %arg60: !stream.resource<constant>, %arg61: !stream.resource<constant>, %arg62: !stream.resource<constant>, %arg63: !stream.resource<constant>, %arg64: !stream.resource<constant>, %arg65: !stream.resource<constant>, %arg66: !stream.resource<constant>, %arg67: !stream.resource<constant>, %arg68: !stream.resource<constant>, %arg69: !stream.resource<constant>, %arg70: !stream.resource<constant>, %arg71: !stream.resource<constant>, %arg72: !stream.resource<constant>, %arg73: !stream.resource<constant>, %arg74: !stream.resource<constant>, %arg75: !stream.resource<constant>, %arg76: !stream.resource<constant>, %arg77: !stream.resource<constant>, %arg78: !stream.resource<constant>, %arg79: !stream.resource<constant>, %arg80: !stream.resource<constant>, %arg81: !stream.resource<constant>, %arg82: !stream.resource<constant>, %arg83: !stream.resource<constant>, %arg84: !stream.resource<constant>, %arg85: !stream.resource<constant>, %arg86: !stream.resource<constant>, %arg87: !stream.resource<constant>, %arg88: !stream.resource<constant>, %arg89: !stream.resource<constant>, %arg90: !stream.resource<constant>, %arg91: !stream.resource<constant>, %arg92: !stream.resource<constant>, %arg93: !stream.resource<constant>, %arg94: !stream.resource<constant>, %arg95: !stream.resource<constant>, %arg96: !stream.resource<constant>, %arg97: !stream.resource<constant>, %arg98: !stream.resource<constant>, %arg99: !stream.resource<constant>, %arg100: !stream.resource<constant>, %arg101: !stream.resource<constant>, %arg102: !stream.resource<constant>, %arg103: !stream.resource<constant>, %arg104: !stream.resource<constant>, %arg105: !stream.resource<constant>, %arg106: !stream.resource<constant>, %arg107: !stream.resource<constant>, %arg108: !stream.resource<constant>, %arg109: !stream.resource<constant>, %arg110: !stream.resource<constant>, %arg111: !stream.resource<constant>, %arg112: !stream.resource<constant>, %arg113: !stream.resource<constant>, %arg114: !stream.resource<constant>, %arg115: !stream.resource<constant>, %arg116: !stream.resource<constant>, %arg117: !stream.resource<constant>, %arg118: !stream.resource<constant>, %arg119: !stream.resource<constant>, %arg120: !stream.resource<constant>, %arg121: !stream.resource<constant>, %arg122: !stream.resource<constant>, %arg123: !stream.resource<constant>, %arg124: !stream.resource<constant>, %arg125: !stream.resource<constant>, %arg126: !stream.resource<constant>, %arg127: !stream.resource<constant>, %arg128: !stream.resource<constant>, %arg129: !stream.resource<constant>, %arg130: !stream.resource<constant>, %arg131: !stream.resource<constant>, %arg132: !stream.resource<constant>, %arg133: !stream.resource<constant>, %arg134: !stream.resource<constant>, %arg135: !stream.resource<constant>, %arg136: !stream.resource<constant>, %arg137: !stream.resource<constant>, %arg138: !stream.resource<constant>, %arg139: !stream.resource<constant>, %arg140: !stream.resource<constant>, %arg141: !stream.resource<constant>, %arg142: !stream.resource<constant>, %arg143: !stream.resource<constant>, %arg144: !stream.resource<constant>, %arg145: !stream.resource<constant>, %arg146: !stream.resource<constant>, %arg147: !stream.resource<constant>, %arg148: !stream.resource<constant>, %arg149: !stream.resource<constant>, %arg150: !stream.resource<constant>, %arg151: !stream.resource<constant>, %arg152: !stream.resource<constant>, %arg153: !stream.resource<constant>, %arg154: !stream.resource<constant>, %arg155: !stream.resource<constant>, %arg156: !stream.resource<constant>, %arg157: !stream.resource<constant>, %arg158: !stream.resource<constant>, %arg159: !stream.resource<constant>, %arg160: !stream.resource<constant>, %arg161: !stream.resource<constant>, %arg162: !stream.resource<constant>, %arg163: !stream.resource<constant>, %arg164: !stream.resource<constant>, %arg165: !stream.resource<constant>, %arg166: !stream.resource<constant>, %arg167: !stream.resource<constant>, %arg168: !stream.resource<constant>, %arg169: !stream.resource<constant>, %arg170: !stream.resource<constant>, %arg171: !stream.resource<constant>, %arg172: !stream.resource<constant>, %arg173: !stream.resource<constant>, %arg174: !stream.resource<constant>, %arg175: !stream.resource<constant>, %arg176: !stream.resource<constant>, %arg177: !stream.resource<constant>, %arg178: !stream.resource<constant>, %arg179: !stream.resource<constant>, %arg180: !stream.resource<constant>, %arg181: !stream.resource<constant>, %arg182: !stream.resource<constant>, %arg183: !stream.resource<constant>, %arg184: !stream.resource<constant>, %arg185: !stream.resource<constant>, %arg186: !stream.resource<constant>, %arg187: !stream.resource<constant>, %arg188: !stream.resource<constant>, %arg189: !stream.resource<constant>, %arg190: !stream.resource<constant>, %arg191: !stream.resource<constant>, %arg192: !stream.resource<constant>, %arg193: !stream.resource<constant>, %arg194: !stream.resource<constant>, %arg195: !stream.resource<constant>, %arg196: !stream.resource<constant>, %arg197: !stream.resource<constant>, %arg198: !stream.resource<constant>, %arg199: !stream.resource<constant>, %arg200: !stream.resource<constant>, %arg201: !stream.resource<constant>, %arg202: !stream.resource<constant>, %arg203: !stream.resource<constant>, %arg204: !stream.resource<constant>, %arg205: !stream.resource<constant>, %arg206: !stream.resource<constant>, %arg207: !stream.resource<constant>, %arg208: !stream.resource<constant>, %arg209: !stream.resource<constant>, %arg210: !stream.resource<constant>, %arg211: !stream.resource<constant>, %arg212: !stream.resource<constant>, %arg213: !stream.resource<constant>, %arg214: !stream.resource<constant>, %arg215: !stream.resource<constant>, %arg216: !stream.resource<constant>, %arg217: !stream.resource<constant>, %arg218: !stream.resource<constant>, %arg219: !stream.resource<constant>, %arg220: !stream.resource<constant>, %arg221: !stream.resource<constant>, %arg222: !stream.resource<constant>, %arg223: !stream.resource<constant>, %arg224: !stream.resource<constant>, %arg225: !stream.resource<constant>, %arg226: !stream.resource<constant>, %arg227: !stream.resource<constant>, %arg228: !stream.resource<constant>, %arg229: !stream.resource<constant>, %arg230: !stream.resource<constant>, %arg231: !stream.resource<constant>, %arg232: !stream.resource<constant>, %arg233: !stream.resource<constant>, %arg234: !stream.resource<constant>, %arg235: !stream.resource<constant>, %arg236: !stream.resource<constant>, %arg237: !stream.resource<constant>, %arg238: !stream.resource<constant>, %arg239: !stream.resource<constant>, %arg240: !stream.resource<constant>, %arg241: !stream.resource<constant>, %arg242: !stream.resource<constant>, %arg243: !stream.resource<constant>, %arg244: !stream.resource<constant>, %arg245: !stream.resource<constant>, %arg246: !stream.resource<constant>, %arg247: !stream.resource<constant>, %arg248: !stream.resource<constant>, %arg249: !stream.resource<constant>, %arg250: !stream.resource<constant>, %arg251: !stream.resource<constant>, %arg252: !stream.resource<constant>, %arg253: !stream.resource<constant>, %arg254: !stream.resource<constant>, %arg255: !stream.resource<constant>, %arg256: !stream.resource<constant>, %arg257: !stream.resource<constant>, %arg258: !stream.resource<constant>, %arg259: !stream.resource<constant>, %arg260: !stream.resource<constant>, %arg261: !stream.resource<constant>, %arg262: !stream.resource<constant>, %arg263: !stream.resource<constant>, %arg264: !stream.resource<constant>, %arg265: !stream.resource<constant>, %arg266: !stream.resource<constant>, %arg267: !stream.resource<constant>, %arg268: !stream.resource<constant>, %arg269: !stream.resource<constant>, %arg270: !stream.resource<constant>, %arg271: !stream.resource<constant>, %arg272: !stream.resource<constant>, %arg273: !stream.resource<constant>, %arg274: !stream.resource<constant>, %arg275: !stream.resource<constant>, %arg276: !stream.resource<constant>, %arg277: !stream.resource<constant>, %arg278: !stream.resource<constant>, %arg279: !stream.resource<constant>, %arg280: !stream.resource<constant>, %arg281: !stream.resource<constant>, %arg282: !stream.resource<constant>, %arg283: !stream.resource<constant>, %arg284: !stream.resource<constant>, %arg285: !stream.resource<constant>, %arg286: !stream.resource<constant>, %arg287: !stream.resource<constant>, %arg288: !stream.resource<constant>, %arg289: !stream.resource<constant>, %arg290: !stream.resource<constant>, %arg291: !stream.resource<constant>, %arg292: !stream.resource<constant>, %arg293: !stream.resource<constant>, %arg294: !stream.resource<constant>, %arg295: !stream.resource<constant>, %arg296: !stream.resource<constant>, %arg297: !stream.resource<constant>, %arg298: !stream.resource<constant>, %arg299: !stream.resource<constant>, %arg300: !stream.resource<constant>, %arg301: !stream.resource<constant>, %arg302: !stream.resource<constant>, %arg303: !stream.resource<constant>, %arg304: !stream.resource<constant>, %arg305: !stream.resource<constant>, %arg306: !stream.resource<constant>, %arg307: !stream.resource<constant>, %arg308: !stream.resource<constant>, %arg309: !stream.resource<constant>, %arg310: !stream.resource<constant>, %arg311: !stream.resource<constant>, %arg312: !stream.resource<constant>, %arg313: !stream.resource<constant>, %arg314: !stream.resource<constant>, %arg315: !stream.resource<constant>, %arg316: !stream.resource<constant>, %arg317: !stream.resource<constant>, %arg318: !stream.resource<constant>, %arg319: !stream.resource<constant>, %arg320: !stream.resource<constant>, %arg321: !stream.resource<constant>, %arg322: !stream.resource<constant>, %arg323: !stream.resource<constant>, %arg324: !stream.resource<constant>, %arg325: !stream.resource<constant>, %arg326: !stream.resource<constant>, %arg327: !stream.resource<constant>, %arg328: !stream.resource<constant>, %arg329: !stream.resource<constant>, %arg330: !stream.resource<constant>, %arg331: !stream.resource<constant>, %arg332: !stream.resource<constant>, %arg333: !stream.resource<constant>, %arg334: !stream.resource<constant>, %arg335: !stream.resource<constant>, %arg336: !stream.resource<constant>, %arg337: !stream.resource<constant>, %arg338: !stream.resource<constant>, %arg339: !stream.resource<constant>, %arg340: !stream.resource<constant>, %arg341: !stream.resource<constant>, %arg342: !stream.resource<constant>, %arg343: !stream.resource<constant>, %arg344: !stream.resource<constant>, %arg345: !stream.resource<constant>, %arg346: !stream.resource<constant>, %arg347: !stream.resource<constant>, %arg348: !stream.resource<constant>, %arg349: !stream.resource<constant>, %arg350: !stream.resource<constant>, %arg351: !stream.resource<constant>, %arg352: !stream.resource<constant>, %arg353: !stream.resource<constant>, %arg354: !stream.resource<constant>, %arg355: !stream.resource<constant>, %arg356: !stream.resource<constant>, %arg357: !stream.resource<constant>, %arg358: !stream.resource<constant>, %arg359: !stream.resource<constant>, %arg360: !stream.resource<constant>, %arg361: !stream.resource<constant>, %arg362: !stream.resource<constant>, %arg363: !stream.resource<constant>, %arg364: !stream.resource<constant>, %arg365: !stream.resource<constant>, %arg366: !stream.resource<constant>, %arg367: !stream.resource<constant>, %arg368: !stream.resource<constant>, %arg369: !stream.resource<constant>, %arg370: !stream.resource<constant>, %arg371: !stream.resource<constant>, %arg372: !stream.resource<constant>, %arg373: !stream.resource<constant>, %arg374: !stream.resource<constant>, %arg375: !stream.resource<constant>, %arg376: !stream.resource<constant>, %arg377: !stream.resource<constant>, %arg378: !stream.resource<constant>, %arg379: !stream.resource<constant>, %arg380: !stream.resource<constant>, %arg381: !stream.resource<constant>, %arg382: !stream.resource<constant>, %arg383: !stream.resource<constant>, %arg384: !stream.resource<constant>, %arg385: !stream.resource<constant>, %arg386: !stream.resource<constant>, %arg387: !stream.resource<constant>, %arg388: !stream.resource<constant>, %arg389: !stream.resource<constant>, %arg390: !stream.resource<constant>, %arg391: !stream.resource<constant>, %arg392: !stream.resource<constant>, %arg393: !stream.resource<constant>, %arg394: !stream.resource<constant>, %arg395: !stream.resource<constant>, %arg396: !stream.resource<constant>, %arg397: !stream.resource<constant>, %arg398: !stream.resource<constant>, %arg399: !stream.resource<constant>, %arg400: !stream.resource<constant>, %arg401: !stream.resource<constant>, %arg402: !stream.resource<constant>, %arg403: !stream.resource<constant>, %arg404: !stream.resource<constant>, %arg405: !stream.resource<constant>, %arg406: !stream.resource<constant>, %arg407: !stream.resource<constant>, %arg408: !stream.resource<constant>, %arg409: !stream.resource<constant>, %arg410: !stream.resource<constant>, %arg411: !stream.resource<constant>, %arg412: !stream.resource<constant>, %arg413: !stream.resource<constant>, %arg414: !stream.resource<constant>, %arg415: !stream.resource<constant>, %arg416: !stream.resource<constant>, %arg417: !stream.resource<constant>, %arg418: !stream.resource<constant>, %arg419: !stream.resource<constant>, %arg420: !stream.resource<constant>, %arg421: !stream.resource<constant>, %arg422: !stream.resource<constant>, %arg423: !stream.resource<constant>, %arg424: !stream.resource<constant>, %arg425: !stream.resource<constant>, %arg426: !stream.resource<constant>, %arg427: !stream.resource<constant>, %arg428: !stream.resource<constant>, %arg429: !stream.resource<constant>, %arg430: !stream.resource<constant>, %arg431: !stream.resource<constant>, %arg432: !stream.resource<constant>, %arg433: !stream.resource<constant>, %arg434: !stream.resource<constant>, %arg435: !stream.resource<constant>, %arg436: !stream.resource<constant>, %arg437: !stream.resource<constant>, %arg438: !stream.resource<constant>, %arg439: !stream.resource<constant>, %arg440: !stream.resource<constant>, %arg441: !stream.resource<constant>, %arg442: !stream.resource<constant>, %arg443: !stream.resource<constant>, %arg444: !stream.resource<constant>, %arg445: !stream.resource<constant>, %arg446: !stream.resource<constant>, %arg447: !stream.resource<constant>, %arg448: !stream.resource<constant>, %arg449: !stream.resource<constant>, %arg450: !stream.resource<constant>, %arg451: !stream.resource<constant>, %arg452: !stream.resource<constant>, %arg453: !stream.resource<constant>, %arg454: !stream.resource<constant>, %arg455: !stream.resource<constant>, %arg456: !stream.resource<constant>, %arg457: !stream.resource<constant>, %arg458: !stream.resource<constant>, %arg459: !stream.resource<constant>, %arg460: !stream.resource<constant>, %arg461: !stream.resource<constant>, %arg462: !stream.resource<constant>, %arg463: !stream.resource<constant>, %arg464: !stream.resource<constant>, %arg465: !stream.resource<constant>, %arg466: !stream.resource<constant>, %arg467: !stream.resource<constant>, %arg468: !stream.resource<constant>, %arg469: !stream.resource<constant>, %arg470: !stream.resource<constant>, %arg471: !stream.resource<constant>, %arg472: !stream.resource<constant>, %arg473: !stream.resource<constant>, %arg474: !stream.resource<constant>, %arg475: !stream.resource<constant>, %arg476: !stream.resource<constant>, %arg477: !stream.resource<constant>, %arg478: !stream.resource<constant>, %arg479: !stream.resource<constant>, %arg480: !stream.resource<constant>, %arg481: !stream.resource<constant>, %arg482: !stream.resource<constant>, %arg483: !stream.resource<constant>, %arg484: !stream.resource<constant>, %arg485: !stream.resource<constant>, %arg486: !stream.resource<constant>, %arg487: !stream.resource<constant>, %arg488: !stream.resource<constant>, %arg489: !stream.resource<constant>, %arg490: !stream.resource<constant>, %arg491: !stream.resource<constant>, %arg492: !stream.resource<constant>, %arg493: !stream.resource<constant>, %arg494: !stream.resource<constant>, %arg495: !stream.resource<constant>, %arg496: !stream.resource<constant>, %arg497: !stream.resource<constant>, %arg498: !stream.resource<constant>, %arg499: !stream.resource<constant>, %arg500: !stream.resource<constant>, %arg501: !stream.resource<constant>, %arg502: !stream.resource<constant>, %arg503: !stream.resource<constant>, %arg504: !stream.resource<constant>, %arg505: !stream.resource<constant>, %arg506: !stream.resource<constant>, %arg507: !stream.resource<constant>, %arg508: !stream.resource<constant>, %arg509: !stream.resource<constant>, %arg510: !stream.resource<constant>, %arg511: !stream.resource<constant>, %arg512: !stream.resource<constant>, %arg513: !stream.resource<constant>, %arg514: !stream.resource<constant>, %arg515: !stream.resource<constant>, %arg516: !stream.resource<constant>, %arg517: !stream.resource<constant>, %arg518: !stream.resource<constant>, %arg519: !stream.resource<constant>, %arg520: !stream.resource<constant>, %arg521: !stream.resource<constant>, %arg522: !stream.resource<constant>, %arg523: !stream.resource<constant>, %arg524: !stream.resource<constant>, %arg525: !stream.resource<constant>, %arg526: !stream.resource<constant>, %arg527: !stream.resource<constant>, %arg528: !stream.resource<constant>, %arg529: !stream.resource<constant>, %arg530: !stream.resource<constant>, %arg531: !stream.resource<constant>, %arg532: !stream.resource<constant>, %arg533: !stream.resource<constant>, %arg534: !stream.resource<external>, %arg535: !stream.resource<transient>):
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%3, %3, %arg1, %arg2, %arg535, %5, %8, %8, %4, %4, %4, %5, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<external>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%3, %2, %arg1, %arg3, %arg535, %5, %8, %8, %4, %4, %4, %5, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<external>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%3, %1, %arg1, %arg4, %arg535, %arg5, %arg535, %5, %8, %8, %9, %8, %4, %4, %4, %4, %4, %5, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<external>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg6, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg7, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg8, %arg535, %arg9, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg10, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg11, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg12, %arg535, %arg13, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg14, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg15, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg16, %arg535, %arg17, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg18, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg19, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg20, %arg535, %arg21, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg22, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg23, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg24, %arg535, %arg25, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg26, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg27, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg28, %arg535, %arg29, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg30, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg31, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg32, %arg535, %arg33, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg34, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg35, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg36, %arg535, %arg37, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg38, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg39, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg40, %arg535, %arg41, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg42, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg43, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg44, %arg535, %arg45, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg46, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg47, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg48, %arg535, %arg49, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg50, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg51, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg52, %arg535, %arg53, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg54, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg55, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg56, %arg535, %arg57, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg58, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg59, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg60, %arg535, %arg61, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg62, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg63, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg64, %arg535, %arg65, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg66, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg67, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg68, %arg535, %arg69, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg70, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg71, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg72, %arg535, %arg73, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg74, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg75, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg76, %arg535, %arg77, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg78, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg79, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg80, %arg535, %arg81, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg82, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg83, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg84, %arg535, %arg85, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg86, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg87, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg88, %arg535, %arg89, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg90, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg91, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg92, %arg535, %arg93, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg94, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg95, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg96, %arg535, %arg97, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg98, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg99, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg100, %arg535, %arg101, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg102, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg103, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg104, %arg535, %arg105, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg106, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg107, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg108, %arg535, %arg109, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg110, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg111, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg112, %arg535, %arg113, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg114, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg115, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg116, %arg535, %arg117, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg118, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg119, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg120, %arg535, %arg121, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg122, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg123, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg124, %arg535, %arg125, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg126, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg127, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg128, %arg535, %arg129, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg130, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg131, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg132, %arg535, %arg133, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg134, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg135, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg136, %arg535, %arg137, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg138, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg139, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg140, %arg535, %arg141, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg142, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg143, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg144, %arg535, %arg145, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg146, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg147, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg148, %arg535, %arg149, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg150, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg151, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg152, %arg535, %arg153, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg154, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg155, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg156, %arg535, %arg157, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg158, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg159, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg160, %arg535, %arg161, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg162, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg163, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg164, %arg535, %arg165, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg166, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg167, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg168, %arg535, %arg169, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg170, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg171, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg172, %arg535, %arg173, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg174, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg175, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg176, %arg535, %arg177, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg178, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg179, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg180, %arg535, %arg181, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg182, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg183, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg184, %arg535, %arg185, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg186, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg187, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg188, %arg535, %arg189, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg190, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg191, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg192, %arg535, %arg193, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg194, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg195, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg196, %arg535, %arg197, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg198, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg199, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg200, %arg535, %arg201, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg202, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg203, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg204, %arg535, %arg205, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg206, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg207, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg208, %arg535, %arg209, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg210, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg211, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg212, %arg535, %arg213, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg214, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg215, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg216, %arg535, %arg217, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg218, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg219, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg220, %arg535, %arg221, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg222, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg223, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg224, %arg535, %arg225, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg226, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg227, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg228, %arg535, %arg229, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg230, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg231, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg232, %arg535, %arg233, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg234, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg235, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg236, %arg535, %arg237, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg238, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg239, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg240, %arg535, %arg241, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg242, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg243, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg244, %arg535, %arg245, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg246, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg247, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg248, %arg535, %arg249, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg250, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg251, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg252, %arg535, %arg253, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg254, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg255, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg256, %arg535, %arg257, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg258, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg259, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg260, %arg535, %arg261, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg262, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg263, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg264, %arg535, %arg265, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg266, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg267, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg268, %arg535, %arg269, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg270, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg271, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg272, %arg535, %arg273, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg274, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg275, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg276, %arg535, %arg277, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg278, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg279, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg280, %arg535, %arg281, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg282, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg283, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg284, %arg535, %arg285, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg286, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg287, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg288, %arg535, %arg289, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg290, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg291, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg292, %arg535, %arg293, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg294, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg295, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg296, %arg535, %arg297, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg298, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg299, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg300, %arg535, %arg301, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg302, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg303, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg304, %arg535, %arg305, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg306, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg307, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg308, %arg535, %arg309, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg310, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg311, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg312, %arg535, %arg313, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg314, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg315, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg316, %arg535, %arg317, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg318, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg319, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg320, %arg535, %arg321, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg322, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg323, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg324, %arg535, %arg325, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg326, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg327, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg328, %arg535, %arg329, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg330, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg331, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg332, %arg535, %arg333, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg334, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg335, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg336, %arg535, %arg337, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg338, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg339, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg340, %arg535, %arg341, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg342, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg343, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg344, %arg535, %arg345, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg346, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg347, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg348, %arg535, %arg349, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg350, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg351, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg352, %arg535, %arg353, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg354, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg355, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg356, %arg535, %arg357, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg358, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg359, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg360, %arg535, %arg361, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg362, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg363, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg364, %arg535, %arg365, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg366, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg367, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg368, %arg535, %arg369, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg370, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg371, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg372, %arg535, %arg373, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg374, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg375, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg376, %arg535, %arg377, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg378, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg379, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg380, %arg535, %arg381, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg382, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg383, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg384, %arg535, %arg385, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg386, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg387, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg388, %arg535, %arg389, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg390, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg391, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg392, %arg535, %arg393, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg394, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg395, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg396, %arg535, %arg397, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg398, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg399, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg400, %arg535, %arg401, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg402, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg403, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg404, %arg535, %arg405, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg406, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg407, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg408, %arg535, %arg409, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg410, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg411, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg412, %arg535, %arg413, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg414, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg415, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg416, %arg535, %arg417, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg418, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg419, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg420, %arg535, %arg421, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg422, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg423, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg424, %arg535, %arg425, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg426, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg427, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg428, %arg535, %arg429, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg430, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg431, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg432, %arg535, %arg433, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg434, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg435, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg436, %arg535, %arg437, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg438, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg439, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg440, %arg535, %arg441, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg442, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg443, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg444, %arg535, %arg445, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg446, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg447, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg448, %arg535, %arg449, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg450, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg451, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg452, %arg535, %arg453, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg454, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg455, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg456, %arg535, %arg457, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg458, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg459, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg460, %arg535, %arg461, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg462, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg463, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg464, %arg535, %arg465, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg466, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg467, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg468, %arg535, %arg469, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg470, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg471, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg472, %arg535, %arg473, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg474, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg475, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg476, %arg535, %arg477, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg478, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg479, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg480, %arg535, %arg481, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg482, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg483, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg484, %arg535, %arg485, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg486, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg487, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg488, %arg535, %arg489, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg490, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg491, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg492, %arg535, %arg493, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg494, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg495, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg496, %arg535, %arg497, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg498, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg499, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg500, %arg535, %arg501, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg502, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg503, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg504, %arg535, %arg505, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg506, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg507, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg508, %arg535, %arg509, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg510, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg511, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg512, %arg535, %arg513, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg514, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg515, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg516, %arg535, %arg517, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg518, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg519, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg520, %arg535, %arg521, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg522, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg523, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %1, %arg535, %arg524, %arg535, %arg525, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%1, %3, %arg535, %arg526, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%1, %2, %arg535, %arg527, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%1, %0, %arg535, %arg528, %arg535, %arg529, %arg535, %8, %8, %8, %9, %8, %4, %4, %4, %4, %4, %8, %8, %8, %9, %8) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.dispatch"(%0, %3, %arg535, %arg530, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.cmd.dispatch"(%0, %2, %arg535, %arg531, %arg535, %8, %8, %8, %4, %4, %4, %8, %8, %8) <{entry_points = [@main_dispatch_0::@main_dispatch_0_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.cmd.dispatch"(%0, %3, %arg535, %arg532, %arg535, %arg533, %arg534, %8, %8, %8, %9, %5, %4, %4, %4, %4, %4, %8, %8, %8, %9, %5) <{entry_points = [@main_dispatch_2::@main_dispatch_2_matmul_8x32x32_f32], operandSegmentSizes = array<i32: 0, 2, 5, 5, 5, 5>, resource_accesses = [1 : i32, 1 : i32, 1 : i32, 1 : i32, 2 : i32]}> : (i32, i32, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<transient>, !stream.resource<constant>, !stream.resource<external>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      "stream.yield"() : () -> ()
    }) : (!stream.resource<external>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<external>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, !stream.timepoint) -> !stream.timepoint
    %549 = "stream.resource.dealloca"(%546#0, %8, %548) <{affinity = #hal.device.affinity<@__device_0>}> : (!stream.resource<transient>, index, !stream.timepoint) -> !stream.timepoint
    %550 = "stream.timepoint.await"(%545#0, %5, %549) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!stream.resource<external>, index, !stream.timepoint) -> !stream.resource<external>
    %551 = "stream.tensor.export"(%550, %5) <{affinity = #hal.device.affinity<@__device_0>, source_encoding = tensor<8x32xf32>}> : (!stream.resource<external>, index) -> !hal.buffer_view
    "util.return"(%551) : (!hal.buffer_view) -> ()
  }) {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<8x32xf32>) -> (%output0: tensor<8x32xf32>)"}} : () -> ()
}) {stream.affinity.default = #hal.device.affinity<@__device_0>} : () -> ()


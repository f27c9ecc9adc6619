/* The dissertation's coefficient tables (Appendix A), exactly as printed:
 * each term is factor1 x factor2 ("1": a linear term), in the order the
 * tables list them, which is st_hmodel_term's order. */
#include <stdio.h>

#include "hetero/hetero.h"

typedef struct paper_term {
  double coef;
  const char *factor1, *factor2;
} paper_term;

/* Table A.1: cpu_alone, 36 terms. */
static const paper_term table_cpu_alone[] = {
    {0.000000009173792, "# of threads", "1"},
    {-0.001291950266492, "# of scalar ALU inst.", "1"},
    {-0.000708449667275, "# of scalar MEM inst.", "1"},
    {-0.005027805769920, "# of vector ALU inst.", "1"},
    {0.001527459744997, "# of vector MEM inst.", "1"},
    {0.020511412895212, "# of branch inst.", "1"},
    {0, "# of atomic inst.", "1"},
    {0.000000001752382, "buffer size", "1"},
    {-0.000000000858425, "# of threads", "# of scalar ALU inst."},
    {0.000000000774906, "# of threads", "# of scalar MEM inst."},
    {-0.000000001312955, "# of threads", "# of vector ALU inst."},
    {0.000000002987590, "# of threads", "# of vector MEM inst."},
    {0, "# of threads", "# of branch inst."},
    {0.000000001526019, "# of threads", "# of atomic inst."},
    {-0.000000705248815, "# of threads", "buffer size"},
    {0.000224981312450, "# of scalar ALU inst.", "# of scalar MEM inst."},
    {-0.000349975851307, "# of scalar ALU inst.", "# of vector ALU inst."},
    {-0.000291671393497, "# of scalar ALU inst.", "# of vector MEM inst."},
    {0, "# of scalar ALU inst.", "# of branch inst."},
    {0.000714793051486, "# of scalar ALU inst.", "# of atomic inst."},
    {-0.000000829173211, "# of scalar ALU inst.", "buffer size"},
    {0.000120515879912, "# of scalar MEM inst.", "# of vector ALU inst."},
    {0.000231489317965, "# of scalar MEM inst.", "# of vector MEM inst."},
    {0, "# of scalar MEM inst.", "# of branch inst."},
    {0.000223155952517, "# of scalar MEM inst.", "# of atomic inst."},
    {0.000066733510292, "# of scalar MEM inst.", "buffer size"},
    {-0.000364289913766, "# of vector ALU inst.", "# of vector MEM inst."},
    {0, "# of vector ALU inst.", "# of branch inst."},
    {0.002190538539154, "# of vector ALU inst.", "# of atomic inst."},
    {-0.000000013133745, "# of vector ALU inst.", "buffer size"},
    {0, "# of vector MEM inst.", "# of branch inst."},
    {-0.001299923605429, "# of vector MEM inst.", "# of atomic inst."},
    {0.000576849602103, "# of vector MEM inst.", "buffer size"},
    {-0.009194662724052, "# of branch inst.", "# of atomic inst."},
    {0, "# of branch inst.", "buffer size"},
    {0.000000000044371, "# of atomic inst.", "buffer size"},
};

/* Table A.2: gpu_alone, 36 terms. */
static const paper_term table_gpu_alone[] = {
    {-0.000000461723788, "# of threads", "1"},
    {-0.000004961109670, "# of MEM inst.", "1"},
    {-0.001555207427860, "# of INT inst.", "1"},
    {0.007097661815404, "# of FP inst.", "1"},
    {0, "# of math inst.", "1"},
    {0, "# of branch inst.", "1"},
    {0, "# of barrier inst.", "1"},
    {0.000000004301985, "buffer size", "1"},
    {-0.000000000162581, "# of threads", "# of MEM inst."},
    {0.000000000012263, "# of threads", "# of INT inst."},
    {0.000000000278928, "# of threads", "# of FP inst."},
    {-0.000000843926919, "# of threads", "# of math inst."},
    {0.000000000255150, "# of threads", "# of branch inst."},
    {-0.000000001623380, "# of threads", "# of barrier inst."},
    {-0.000000000051832, "# of threads", "buffer size"},
    {0.000000605781747, "# of MEM inst.", "# of INT inst."},
    {0.000143796621602, "# of MEM inst.", "# of FP inst."},
    {0, "# of MEM inst.", "# of math inst."},
    {0.000014196556354, "# of MEM inst.", "# of branch inst."},
    {-0.001386335986034, "# of MEM inst.", "# of barrier inst."},
    {0.000000000706951, "# of MEM inst.", "buffer size"},
    {0.000013853357393, "# of INT inst.", "# of FP inst."},
    {-0.000724741599509, "# of INT inst.", "# of math inst."},
    {0.000006526006563, "# of INT inst.", "# of branch inst."},
    {-0.000300708162003, "# of INT inst.", "# of barrier inst."},
    {0, "# of INT inst.", "buffer size"},
    {0.000059471218335, "# of FP inst.", "# of math inst."},
    {-0.001039671674845, "# of FP inst.", "# of branch inst."},
    {0.001405577586221, "# of FP inst.", "# of barrier inst."},
    {-0.000000005460802, "# of FP inst.", "buffer size"},
    {0, "# of math inst.", "# of branch inst."},
    {0, "# of math inst.", "# of barrier inst."},
    {0, "# of math inst.", "buffer size"},
    {0.003844312920723, "# of branch inst.", "# of barrier inst."},
    {0, "# of branch inst.", "buffer size"},
    {-0.000000000378301, "# of barrier inst.", "buffer size"},
};

/* Table A.3: cpu_coloc, 55 terms. */
static const paper_term table_cpu_coloc[] = {
    {0.000000464380971, "# of threads", "1"},
    {0, "# of scalar ALU inst.", "1"},
    {0, "# of scalar MEM inst.", "1"},
    {0, "# of vector ALU inst.", "1"},
    {0, "# of vector MEM inst.", "1"},
    {0, "# of branch inst.", "1"},
    {0, "# of atomic inst.", "1"},
    {0.000000000321057, "buffer size", "1"},
    {-0.000000009308307, "LLC miss count", "1"},
    {0, "DRAM bandwidth", "1"},
    {0.000000045932829, "# of threads", "# of scalar ALU inst."},
    {-0.000000037158650, "# of threads", "# of scalar MEM inst."},
    {-0.000000012339376, "# of threads", "# of vector ALU inst."},
    {0.000000033186243, "# of threads", "# of vector MEM inst."},
    {0.000000050576133, "# of threads", "# of branch inst."},
    {0, "# of threads", "# of atomic inst."},
    {-0.000000034050131, "# of threads", "buffer size"},
    {0, "# of threads", "LLC miss count"},
    {0.000000000284800, "# of threads", "DRAM bandwidth"},
    {0.000583138870637, "# of scalar ALU inst.", "# of scalar MEM inst."},
    {-0.010686656463813, "# of scalar ALU inst.", "# of vector ALU inst."},
    {0.017553583556379, "# of scalar ALU inst.", "# of vector MEM inst."},
    {0, "# of scalar ALU inst.", "# of branch inst."},
    {0, "# of scalar ALU inst.", "# of atomic inst."},
    {0, "# of scalar ALU inst.", "buffer size"},
    {-0.000000000979732, "# of scalar ALU inst.", "LLC miss count"},
    {-0.005239040745939, "# of scalar ALU inst.", "DRAM bandwidth"},
    {0.004980999755519, "# of scalar MEM inst.", "# of vector ALU inst."},
    {-0.006079469682139, "# of scalar MEM inst.", "# of vector MEM inst."},
    {-0.001821087047881, "# of scalar MEM inst.", "# of branch inst."},
    {0, "# of scalar MEM inst.", "# of atomic inst."},
    {0.000000058302141, "# of scalar MEM inst.", "buffer size"},
    {0.000000000576634, "# of scalar MEM inst.", "LLC miss count"},
    {0.003039032020751, "# of scalar MEM inst.", "DRAM bandwidth"},
    {0.000111461903008, "# of vector ALU inst.", "# of vector MEM inst."},
    {0.006308844739137, "# of vector ALU inst.", "# of branch inst."},
    {0, "# of vector ALU inst.", "# of atomic inst."},
    {0, "# of vector ALU inst.", "buffer size"},
    {-0.00000000043673, "# of vector ALU inst.", "LLC miss count"},
    {-0.000216858477800, "# of vector ALU inst.", "DRAM bandwidth"},
    {-0.018731831118366, "# of vector MEM inst.", "# of branch inst."},
    {0, "# of vector MEM inst.", "# of atomic inst."},
    {0.000000007754859, "# of vector MEM inst.", "buffer size"},
    {0.000000000162284, "# of vector MEM inst.", "LLC miss count"},
    {0.000762235532871, "# of vector MEM inst.", "DRAM bandwidth"},
    {0, "# of branch inst.", "# of atomic inst."},
    {0, "# of branch inst.", "buffer size"},
    {-0.000000000087090, "# of branch inst.", "LLC miss count"},
    {0.000546133983535, "# of branch inst.", "DRAM bandwidth"},
    {-0.000000000115041, "# of atomic inst.", "buffer size"},
    {-0.000000003697363, "# of atomic inst.", "LLC miss count"},
    {-0.023775141869708, "# of atomic inst.", "DRAM bandwidth"},
    {-0.000000000923101, "buffer size", "LLC miss count"},
    {-0.000000007331325, "buffer size", "DRAM bandwidth"},
    {0.000000002764534, "LLC miss count", "DRAM bandwidth"},
};

/* Table A.4: gpu_coloc, 45 terms. */
static const paper_term table_gpu_coloc[] = {
    {-0.000000461723788, "# of threads", "1"},
    {-0.000004961109670, "# of MEM inst.", "1"},
    {-0.001555207427860, "# of INT inst.", "1"},
    {0.007097661815404, "# of FP inst.", "1"},
    {0, "# of math inst.", "1"},
    {0, "# of branch inst.", "1"},
    {0, "# of barrier inst.", "1"},
    {0.000000004301985, "buffer size", "1"},
    {0.0000000004, "DRAM bandwidth", "1"},
    {-0.000000000162581, "# of threads", "# of MEM inst."},
    {0.000000000012263, "# of threads", "# of INT inst."},
    {0.000000000278928, "# of threads", "# of FP inst."},
    {-0.000000843926919, "# of threads", "# of math inst."},
    {0.000000000255150, "# of threads", "# of branch inst."},
    {-0.000000001623380, "# of threads", "# of barrier inst."},
    {-0.000000000051832, "# of threads", "buffer size"},
    {0, "# of threads", "DRAM bandwidth"},
    {0.000000605781747, "# of MEM inst.", "# of INT inst."},
    {0.000143796621602, "# of MEM inst.", "# of FP inst."},
    {0, "# of MEM inst.", "# of math inst."},
    {0.000014196556354, "# of MEM inst.", "# of branch inst."},
    {-0.001386335986034, "# of MEM inst.", "# of barrier inst."},
    {0.000000000706951, "# of MEM inst.", "buffer size"},
    {0, "# of MEM inst.", "DRAM bandwidth"},
    {0.000013853357393, "# of INT inst.", "# of FP inst."},
    {-0.000724741599509, "# of INT inst.", "# of math inst."},
    {0.000006526006563, "# of INT inst.", "# of branch inst."},
    {-0.000300708162003, "# of INT inst.", "# of barrier inst."},
    {0, "# of INT inst.", "buffer size"},
    {0, "# of INT inst.", "DRAM bandwidth"},
    {0.000059471218335, "# of FP inst.", "# of math inst."},
    {-0.001039671674845, "# of FP inst.", "# of branch inst."},
    {0.001405577586221, "# of FP inst.", "# of barrier inst."},
    {-0.0000000005460802, "# of FP inst.", "buffer size"},
    {0, "# of FP inst.", "DRAM bandwidth"},
    {0, "# of math inst.", "# of branch inst."},
    {0, "# of math inst.", "# of barrier inst."},
    {0, "# of math inst.", "buffer size"},
    {0, "# of math inst.", "DRAM bandwidth"},
    {0.003844312920723, "# of branch inst.", "# of barrier inst."},
    {0, "# of branch inst.", "buffer size"},
    {0, "# of branch inst.", "DRAM bandwidth"},
    {-0.000000000378301, "# of barrier inst.", "buffer size"},
    {0, "# of barrier inst.", "DRAM bandwidth"},
    {0.000000000370901, "buffer size", "DRAM bandwidth"},
};

static const paper_term *const tables[HM_COUNT] = {table_cpu_alone, table_gpu_alone,
                                                   table_cpu_coloc, table_gpu_coloc};
static const unsigned sizes[HM_COUNT] = {
    sizeof table_cpu_alone / sizeof(paper_term), sizeof table_gpu_alone / sizeof(paper_term),
    sizeof table_cpu_coloc / sizeof(paper_term), sizeof table_gpu_coloc / sizeof(paper_term)};

void st_hetero_paper_models(st_hmodel_set *set) {
  snprintf(set->name, sizeof set->name, "%s", "paper");
  for (int k = 0; k < HM_COUNT; k++) {
    st_hmodel_init(&set->m[k], (st_hmodel_kind)k, false);
    for (unsigned t = 0; t < sizes[k] && t < st_hmodel_terms(&set->m[k]); t++) {
      set->m[k].coef[t] = tables[k][t].coef;
    }
  }
}

unsigned st_hetero_paper_terms(st_hmodel_kind k) { return k < HM_COUNT ? sizes[k] : 0; }

void st_hetero_paper_term(st_hmodel_kind k, unsigned t, const char **factor1,
                          const char **factor2) {
  *factor1 = tables[k][t].factor1;
  *factor2 = tables[k][t].factor2;
}

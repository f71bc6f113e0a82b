# case: scale_dict_200k
d = {i: i * 2 for i in range(200000)}
print(len(d), d[199999], d[0])
print(sum([d[i] for i in range(0, 200000, 7)]))
# case: scale_dict_200k_tuple_keys
d = {(i, i % 7): i for i in range(200000)}
print(len(d), d[(12345, 12345 % 7)], (5, 6) in d)
# case: scale_set_200k
s = {i * 3 for i in range(200000)}
print(len(s), 599997 in s, 599998 in s)
# case: scale_dict_str_keys
d = {str(i): i for i in range(100000)}
print(len(d), d['99999'], '100000' in d)
# case: scale_dict_delete_all
d = {i: i for i in range(100000)}
for i in range(100000):
    d.pop(i)
print(len(d), d)

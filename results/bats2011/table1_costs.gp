# table1_costs: Table 1: sampling (S), cheapest (C.M.) and fastest (F.M.) makespan's cost
# botsim wrote this script and table1_costs.dat; to re-draw table1_costs.svg and table1_costs.png after an edit,
# run `gnuplot table1_costs.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'table1_costs.svg'
set title 'Table 1: sampling (S), cheapest (C.M.) and fastest (F.M.) makespan''s cost'
set xlabel 'scenario (profitability)'
set ylabel 'cost ($, mean)'
set key outside right top vertical Left reverse
set yrange [0:2131.29]
set xrange [-0.6:4.6]
set xtics ('S4-1 (0.25)' 0, 'S4-3 (0.75)' 1, 'S1-1 (1.00)' 2, 'S3-4 (1.33)' 3, 'S1-4 (4.00)' 4)
set boxwidth 0.1333333333 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'table1_costs.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title 'S with LR', \
     'table1_costs.dat' index 1 using 1:2 with boxes lc rgb '#ff7f0e' title 'C.M. with LR', \
     'table1_costs.dat' index 2 using 1:2 with boxes lc rgb '#2ca02c' title 'F.M. with LR', \
     'table1_costs.dat' index 3 using 1:2 with boxes lc rgb '#d62728' title 'S without LR', \
     'table1_costs.dat' index 4 using 1:2 with boxes lc rgb '#9467bd' title 'C.M. without LR', \
     'table1_costs.dat' index 5 using 1:2 with boxes lc rgb '#8c564b' title 'F.M. without LR'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'table1_costs.png'
replot
set output

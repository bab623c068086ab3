# fig7_cost: Fig. 7: total cost per user, C_r per PE (badg.xml, 4 x 1050 MIPS)
# botsim wrote this script and fig7_cost.dat; to re-draw fig7_cost.svg and fig7_cost.png after an edit,
# run `gnuplot fig7_cost.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig7_cost.svg'
set title 'Fig. 7: total cost per user, C_r per PE (badg.xml, 4 x 1050 MIPS)'
set xlabel 'user (policy, VO domain)'
set ylabel 'cost (G$)'
set key below center horizontal Left reverse
set yrange [0:896.2656174]
set xrange [-0.6:9.6]
set xtics ('U0 (no-opt, A)' 0, 'U1 (no-opt, A)' 1, 'U2 (global, B)' 2, 'U3 (local, B)' 3, 'U4 (no-opt, B)' 4, 'U5 (no-opt, B)' 5, 'U6 (no-opt, A)' 6, 'U7 (global, B)' 7, 'U8 (local, A)' 8, 'U9 (no-opt, A)' 9) rotate by 35 right
set boxwidth 0.8 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'fig7_cost.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title 'mean ± sd of 10 runs', \
     'fig7_cost.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#1f77b4' dt 1 lw 1.2 pt 7 ps 0 notitle
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig7_cost.png'
replot
set output

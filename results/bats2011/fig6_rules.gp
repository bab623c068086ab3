# fig6_rules: Figs 6-7: the paper's makespans, as printed and with botsim's rules
# botsim wrote this script and fig6_rules.dat; to re-draw fig6_rules.svg and fig6_rules.png after an edit,
# run `gnuplot fig6_rules.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig6_rules.svg'
set title 'Figs 6-7: the paper''s makespans, as printed and with botsim''s rules'
set xlabel 'the paper''s run'
set ylabel 'execution makespan (min; mean, 95 % CI)'
set key outside right top vertical Left reverse
set yrange [0:484.8144762]
set xrange [-0.6:7.6]
set xtics ('S3-4 Sched1' 0, 'S3-4 Sched2' 1, 'S3-4 Sched3' 2, 'S3-4 Sched4' 3, 'S4-1 Sched2' 4, 'S4-1 Sched3' 5, 'S4-1 Sched4' 6, 'S4-1 Sched4 no cushion' 7) rotate by 35 right
set boxwidth 0.2666666667 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'fig6_rules.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title 'the paper', \
     'fig6_rules.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#1f77b4' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig6_rules.dat' index 1 using 1:2 with boxes lc rgb '#ff7f0e' title 'as printed', \
     'fig6_rules.dat' index 1 using 1:2:3:4 with yerrorbars lc rgb '#ff7f0e' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig6_rules.dat' index 2 using 1:2 with boxes lc rgb '#2ca02c' title 'botsim''s default', \
     'fig6_rules.dat' index 2 using 1:2:3:4 with yerrorbars lc rgb '#2ca02c' dt 1 lw 1.2 pt 7 ps 0 notitle
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig6_rules.png'
replot
set output
